# form-elicitation: the words a person reads, in Arabic (العربية). Arabic is written right to
# left: with this catalog the window is mirrored (see README, "Right-to-left text").
#
# Placeables in { } are filled in by the program. Keep them as they are. Key names (Enter,
# Esc, Tab, Page Down, Ctrl+J) stay as printed on the keyboard. Plurals use Arabic's six CLDR
# categories: zero, one, two, few (3-10), many (11-99), other (100 and more).

## Who asks

window-title = يسأل { $server }
window-title-unnamed = يسأل خادم MCP
notification-open = افتح النموذج
notification-waiting = نموذج بانتظار إجابتك.
asks = يسأل { $server }:
asks-url = يطلب منك { $server } فتح صفحة ويب:
asks-url-unnamed = يطلب منك خادم MCP فتح صفحة ويب:
asks-via = يسأل { $server } عبر { $via }:
asks-url-via = يطلب منك { $server } عبر { $via } فتح صفحة ويب:
window-title-via = يسأل { $server }، عبر { $via }
window-title-unnamed-via = يسأل خادم MCP، عبر { $via }
window-title-titled-via = { $title }، عبر { $via }
via-claimed = { $host } (كما يقول عن نفسه)
via-another-machine = جهاز آخر
via-claimed-through = { $via } على { $host } (كما يقول عن نفسه)
via-another-machine-through = { $via } على جهاز آخر

## Buttons

submit = إرسال
submit-tip = أرسل الإجابة (Enter)
decline = رفض
decline-tip = ارفض الإجابة
cancel = إلغاء
cancel-tip = أغلق دون إجابة (Esc)
open-in-browser = افتح في المتصفح
open-in-browser-tip = افتح هذا العنوان في متصفح الويب
back-to-form = العودة إلى النموذج
link-consent = يقود رابط في هذا النموذج إلى الموقع أدناه. تحقّق منه قبل فتحه في المتصفح: يحتفظ النموذج بما كتبته.
decline-url-tip = ارفض فتحه

## The window

closes-in = يُغلق بعد { $time }
more-below = المزيد في الأسفل: مرّر، أو اضغط Page Down
required-tip = مطلوب
pick-date = اختر تاريخًا
pick-date-for = اختر تاريخًا لـ { $field }
calendar-month-year = { $month ->
     [1] يناير
     [2] فبراير
     [3] مارس
     [4] أبريل
     [5] مايو
     [6] يونيو
     [7] يوليو
     [8] أغسطس
     [9] سبتمبر
     [10] أكتوبر
     [11] نوفمبر
    *[12] ديسمبر
} { $year }
calendar-weekday = { $day ->
     [1] ن
     [2] ث
     [3] ر
     [4] خ
     [5] ج
     [6] س
    *[7] ح
}
calendar-previous-year = السنة السابقة
calendar-previous-month = الشهر السابق
calendar-next-month = الشهر التالي
calendar-next-year = السنة التالية
calendar-cancel = إلغاء
calendar-save = اختيار
pick-time = الوقت
hour-for = الساعة لـ { $field }
minute-for = الدقيقة لـ { $field }
no-answer = بلا إجابة
filter-choose = اكتب للتصفية، وUp/Down للاختيار
filter-tick = اكتب للتصفية، وUp/Down للتنقل، وSpace للتحديد
no-option-matches = لا يطابق أي خيار عامل التصفية
chosen = المختار: { $choice }
chosen-none = المختار: لا شيء
chosen-count = المختار: { $count } من { $total }
clear = مسح
clear-tip = بلا إجابة لهذا الحقل (Delete في مربع التصفية)
fixed-value = ثابت: يُرسل كما هو
number-hint = رقم
whole-number-hint = عدد صحيح

## URL mode

site = الموقع:
written-as = مكتوب هكذا:
url-full-tip = العنوان الكامل الذي سيفتحه زر الفتح
url-normalised = كتب الخادم هذا العنوان بشكل مختلف؛ وهو معروض كما يقرؤه متصفحك.
warning = تحذير: { $text }
warn-not-https = غير مشفّر (http، لا https): يمكن لآخرين على الشبكة قراءة الصفحة أو تغييرها.
warn-international = في اسم الموقع حروف غير ASCII (punycode، xn--): قد يقلّد شكل اسم موقع آخر.
warn-ip = الموقع عنوان IP مجرد، لا اسم.
warn-credentials = يحمل الرابط اسم مستخدم قبل الموقع (user@)، وقد يخفي ذلك حقيقته: الموقع الحقيقي هو { $host }.
nothing-loaded = لا يُحمَّل شيء حتى تضغط فتح.
open-failed = تعذّر فتح المتصفح: { $reason }

## Time left

time-seconds = { $s } ث
time-minutes = { $m } د { $s } ث
time-hours = { $h } س { $m } د
time-days = { $d } ي { $h } س

## What a field accepts

format-help-email = عنوان بريد إلكتروني، مثل {"\u2066"}{ $example }{"\u2069"}
format-help-uri = معرّف URI كامل، مثل {"\u2066"}{ $example }{"\u2069"}
format-help-date-time = تاريخ ووقت مع فارق التوقيت، مثل {"\u2066"}{ $example }{"\u2069"}
format-help-uuid = معرّف UUID، مثل {"\u2066"}{ $example }{"\u2069"}
format-help-time = وقت مع فارق التوقيت، مثل {"\u2066"}{ $example }{"\u2069"}
format-help-duration = مدة (ISO 8601)، مثل {"\u2066"}{ $example }{"\u2069"}
format-help-ipv4 = عنوان IPv4، مثل {"\u2066"}{ $example }{"\u2069"}
format-help-ipv6 = عنوان IPv6، مثل {"\u2066"}{ $example }{"\u2069"}
format-help-hostname = اسم مضيف، مثل {"\u2066"}{ $example }{"\u2069"}
format-help-date = تاريخ، {"\u2066"}YYYY-MM-DD{"\u2069"}
whole-number = عدد صحيح
exactly = { $n } بالضبط
range = من { $min } إلى { $max }
at-least = { $min } على الأقل
at-most = { $max } على الأكثر
more-than = أكثر من { $n }
less-than = أقل من { $n }
multiple-of = من مضاعفات { $n }
characters-exactly = بالضبط { $n ->
    [zero] { $n } حرف
    [one] حرف واحد
    [two] حرفان
    [few] { $n } أحرف
    [many] { $n } حرفًا
   *[other] { $n } حرف
}
characters-range = من { $min } إلى { $max } حرفًا
characters-at-least = على الأقل { $min ->
    [zero] { $min } حرف
    [one] حرف واحد
    [two] حرفان
    [few] { $min } أحرف
    [many] { $min } حرفًا
   *[other] { $min } حرف
}
characters-at-most = على الأكثر { $max ->
    [zero] { $max } حرف
    [one] حرف واحد
    [two] حرفان
    [few] { $max } أحرف
    [many] { $max } حرفًا
   *[other] { $max } حرف
}
choose-exactly = اختر { $n } بالضبط
choose-range = اختر من { $min } إلى { $max }
choose-at-least = اختر { $min } على الأقل
choose-at-most = اختر { $max } على الأكثر
# A field's description and what it accepts; a format and its limits; two limits of a list.
help-and-accepts = { $description } ({ $accepts })
format-and-limits = { $format }؛ { $limits }
limits-list = { $first }، { $rest }
must-be-ticked = يجب تحديده
must-be-unticked = يجب تركه دون تحديد
must-match = يجب أن يطابق { $pattern }

## Problems

required = هذا الحقل مطلوب
problem-ticked = يجب تحديده للمتابعة
problem-unticked = يجب تركه دون تحديد
problem-choose-one = اختر أحد الخيارات
problem-too-short = على الأقل { $min ->
    [zero] { $min } حرف
    [one] حرف واحد
    [two] حرفان
    [few] { $min } أحرف
    [many] { $min } حرفًا
   *[other] { $min } حرف
} (الآن { $now })
problem-too-long = على الأكثر { $max ->
    [zero] { $max } حرف
    [one] حرف واحد
    [two] حرفان
    [few] { $max } أحرف
    [many] { $max } حرفًا
   *[other] { $max } حرف
} (الآن { $now })
problem-pattern = ليس بالشكل المتوقع (النمط { $pattern })
problem-pattern-slow = تعذّر التحقق في الوقت المناسب من مطابقته للنمط { $pattern } (يتراجع أكثر من اللازم)
problem-too-large = كبير جدًا: الأعداد الصحيحة من { $min } إلى { $max }
problem-too-near-zero = قريب جدًا من الصفر فلا يمكن إرساله كما كُتب: أدخل 0 أو عددًا أبعد عن الصفر
problem-too-small = صغير جدًا: الأعداد الصحيحة من { $min } إلى { $max }
problem-number-too-large = أكبر من أن يُرسل: أكبر عدد يمكن إرساله هو { $max }
problem-number-too-small = أصغر من أن يُرسل: أصغر عدد يمكن إرساله هو { $min }
problem-too-precise = أرقامه أكثر من أن يُرسل بدقة: أقرب عدد يمكن إرساله هو { $n }
problem-whole-number = أدخل عددًا صحيحًا (مثل 42)
problem-number = أدخل رقمًا (مثل 2.5)
problem-at-least = يجب ألا يقل عن { $n }
problem-at-most = يجب ألا يزيد على { $n }
problem-more-than = يجب أن يكون أكبر من { $n }
problem-less-than = يجب أن يكون أصغر من { $n }
problem-multiple-of = يجب أن يكون من مضاعفات { $n }
problem-choose-at-least = اختر على الأقل { $n ->
    [zero] { $n } خيار
    [one] خيارًا واحدًا
    [two] خيارين
    [few] { $n } خيارات
    [many] { $n } خيارًا
   *[other] { $n } خيار
}
problem-choose-at-most = اختر على الأكثر { $n ->
    [zero] { $n } خيار
    [one] خيارًا واحدًا
    [two] خيارين
    [few] { $n } خيارات
    [many] { $n } خيارًا
   *[other] { $n } خيار
}
problem-not-email = ليس عنوان بريد إلكتروني (مثل {"\u2066"}{ $example }{"\u2069"})
problem-not-uri = ليس معرّف URI كاملًا (مثل {"\u2066"}{ $example }{"\u2069"})
problem-not-date = ليس تاريخًا (مثل {"\u2066"}{ $example }{"\u2069"})
problem-not-date-time = ليس تاريخًا ووقتًا مع فارق التوقيت (مثل {"\u2066"}{ $example }{"\u2069"})
problem-not-uuid = ليس معرّف UUID (مثل {"\u2066"}{ $example }{"\u2069"})
problem-not-time = ليس وقتًا مع فارق التوقيت (مثل {"\u2066"}{ $example }{"\u2069"})
problem-not-duration = ليس مدة (ISO 8601) (مثل {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv4 = ليس عنوان IPv4 (مثل {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv6 = ليس عنوان IPv6 (مثل {"\u2066"}{ $example }{"\u2069"})
problem-not-hostname = ليس اسم مضيف (مثل {"\u2066"}{ $example }{"\u2069"})
problem-internal = خطأ داخلي: لا يمكن التحقق من هذا الحقل

## The terminal

term-pager-keys = المزيد: PageDown/Space/Enter · رجوع: PageUp · إلغاء: Esc
term-more-lines-below = { $n ->
    [zero] لا أسطر أخرى في الأسفل
    [one] سطر واحد آخر في الأسفل
    [two] سطران آخران في الأسفل
    [few] { $n } أسطر أخرى في الأسفل
    [many] { $n } سطرًا آخر في الأسفل
   *[other] { $n } سطر آخر في الأسفل
}: { $keys }
term-end-of-message = نهاية الرسالة: Enter للمتابعة · رجوع: PageUp · إلغاء: Esc
term-answer-sent = أُرسلت الإجابة.
term-declined = رُفض.
term-nothing-to-fill = لا شيء لتعبئته
term-fields = { $n ->
    [zero] لا حقول
    [one] حقل واحد
    [two] حقلان
    [few] { $n } حقول
    [many] { $n } حقلًا
   *[other] { $n } حقل
}
term-required-marked = { $fields }، وتُميَّز المطلوبة بـ *
term-enter-keeps = يحتفظ Enter بما هو معروض
term-esc-cancels = يلغي Esc أو Ctrl+C
term-answer-within = أجب خلال { $time }
term-esc-cancel = { $keys } · إلغاء: Esc
term-review = مراجعة
term-no-fields = (لا حقول)
term-review-keys-none = إرسال: Enter · رفض: d · إلغاء: c
term-review-keys-one = إرسال: Enter · تغيير الحقل: 1 · رفض: d · إلغاء: c
term-review-keys-many = إرسال: Enter · تغيير حقل: 1-{ $n } · رفض: d · إلغاء: c
term-review-help-none = اضغط Enter للإرسال، أو اكتب d للرفض أو c للإلغاء
term-review-help-many = اكتب رقم حقل من 1 إلى { $n }، أو d للرفض، أو c للإلغاء؛ وEnter وحده يرسل
term-time-left = بقي { $time }
term-keys-date = التالي: Enter · يوم بعده/قبله: Up/Down
term-keys-text = التالي: Enter · سطر جديد: Alt+Enter أو Ctrl+J
term-keys-next = التالي: Enter
term-keys-boolean = الإجابة: y/n · تبديل: Space · التالي: Enter
term-keys-choice = التنقل: Up/Down أو رقم · الاختيار: Enter
term-keys-multi = التحديد: Space/رقم · التنقل: Up/Down · التالي: Enter
term-yes = نعم
term-no = لا
term-no-answer-yet = (لا إجابة بعد)
term-no-answer-row = بلا إجابة
term-fixed = (ثابت: يُرسل كما هو)
term-more-above = (المزيد في الأعلى: { $n })
term-more-below = (المزيد في الأسفل: { $n })
term-lines-above = { $n ->
    [zero] (لا أسطر أخرى في الأعلى)
    [one] (سطر واحد آخر في الأعلى)
    [two] (سطران آخران في الأعلى)
    [few] ({ $n } أسطر أخرى في الأعلى)
    [many] ({ $n } سطرًا آخر في الأعلى)
   *[other] ({ $n } سطر آخر في الأعلى)
}
term-lines-below = { $n ->
    [zero] (لا أسطر أخرى في الأسفل)
    [one] (سطر واحد آخر في الأسفل)
    [two] (سطران آخران في الأسفل)
    [few] ({ $n } أسطر أخرى في الأسفل)
    [many] ({ $n } سطرًا آخر في الأسفل)
   *[other] ({ $n } سطر آخر في الأسفل)
}
term-line-cancels = يلغي Ctrl+C أو Ctrl+D
term-line-type-value = اكتب القيمة واضغط Enter.
term-line-type-option = اكتب رقم الخيار واضغط Enter.
term-line-type-options = اكتب أرقام الخيارات المراد تحديدها مفصولة بمسافات (0 لا شيء)، واضغط Enter.
term-line-type-yes-no = اكتب y لنعم أو n للا واضغط Enter.
term-line-now = الآن: { $text }. يحتفظ Enter وحده به.
term-no-answer = (بلا إجابة)
term-empty = (فارغ)
term-none = (لا شيء)
term-cancelled = أُلغي.
term-cancelled-eof = انتهى الإدخال: أُلغي.
term-cancelled-timeout = انتهى الوقت: أُلغي.
term-cancelled-signal = أوقفته إشارة: أُلغي.
term-cancelled-lost = اختفت الطرفية: أُلغي.

## Signing in (proxy --url): the consent's message, and the page the browser shows after it

sign-in-consent = سجّل الدخول إلى { $host } من أجل { $server }
sign-in-done = سجّلت الدخول. يمكنك إغلاق هذه الصفحة والعودة إلى عميل MCP.
# The name of the keyring item (GNOME Keyring, KWallet) that keeps a sign-in.
token-store-label = form-elicitation: تسجيل دخول MCP من أجل { $server }

## A run of forms (proxy)

queue-place = النموذج { $n } من { $total } من { $server }
queue-place-unnamed = النموذج { $n } من { $total }
queue-decline-all = { $count ->
    [zero] لا نماذج منتظرة
    [one] ارفض النموذج المنتظر
    [two] ارفض النموذجين المنتظرين
    [few] ارفض النماذج الـ { $count } المنتظرة
    [many] ارفض النماذج الـ { $count } المنتظرة
   *[other] ارفض النماذج الـ { $count } المنتظرة
}
queue-decline-all-tip = أجب بالرفض على هذا النموذج وعلى كل نموذج ينتظر بعده
queue-confirm-question = { $count ->
    [one] أترفض هذا النموذج؟
    [two] أترفض النموذجين، وهذا منهما؟
   *[other] أترفض النماذج الـ { $count } كلها، وهذا منها؟
}
queue-confirm = نعم، ارفضها كلها
queue-keep = لا، عودة
term-queue-keys = { $count ->
    [one] رفض النموذج المنتظر: a
    [two] رفض النموذجين المنتظرين: a
   *[other] رفض النماذج الـ { $count } المنتظرة: a
}
term-queue-confirm = { $count ->
    [one] أترفض هذا النموذج؟ نعم: y · لا: أي مفتاح آخر
    [two] أترفض النموذجين، وهذا منهما؟ نعم: y · لا: أي مفتاح آخر
   *[other] أترفض النماذج الـ { $count } كلها، وهذا منها؟ نعم: y · لا: أي مفتاح آخر
}
term-declined-all = { $count ->
    [zero] لم يُرفض أي نموذج.
    [one] رُفض نموذج واحد.
    [two] رُفض نموذجان.
    [few] رُفضت { $count } نماذج.
    [many] رُفض { $count } نموذجًا.
   *[other] رُفض { $count } نموذج.
}

## Claude's questions (Claude Code's AskUserQuestion, through its PreToolUse hook)

question-other = أخرى
question-other-tip = إجابتك الخاصة، بدلًا من أحد الخيارات أعلاه
question-other-tip-many = إجابتك الخاصة، إضافةً إلى الخيارات المختارة أعلاه
draft-restored = مُلئ بما كتبتَه في { $time }، حين توقّف العميل عن الانتظار. راجِعه ثم أرسِله.
client-stopped-waiting = توقّف العميل أو الخادم عن انتظار هذه الإجابة، فلم يعد ممكنًا إرسالها. «احتفظ كمسودة» يحفظ ما كتبتَه للمرة القادمة التي يُطلب فيها هذا النموذج.
keep-draft = احتفظ كمسودة
keep-draft-tip = احتفظ بما كتبتَه للمرة القادمة التي يطلب فيها هذا الخادم هذا النموذج (Enter)؛ لا يُرسَل شيء
