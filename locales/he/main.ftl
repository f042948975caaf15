# form-elicitation: the words a person reads, in Hebrew (עברית). Hebrew is written right to
# left: with this catalog the window is mirrored (see README, "Right-to-left text").
#
# Placeables in { } are filled in by the program. Keep them as they are. Key names (Enter,
# Esc, Tab, Page Down, Ctrl+J) stay as printed on the keyboard. Plurals use Hebrew's CLDR
# categories one, two and other (many, for 20, 30, ..., reads as other).

## Who asks

window-title = { $server } שואל
window-title-unnamed = שרת MCP שואל
notification-open = פתיחת הטופס
notification-waiting = טופס ממתין לתשובתך.
asks = שואל { $server }:
asks-url = מבקש { $server } שתפתחו דף אינטרנט:
asks-url-unnamed = שרת MCP מבקש שתפתחו דף אינטרנט:
asks-via = שואל { $server } דרך { $via }:
asks-url-via = מבקש { $server } דרך { $via } שתפתחו דף אינטרנט:
window-title-via = שואל { $server }, דרך { $via }
window-title-unnamed-via = שרת MCP שואל, דרך { $via }
window-title-titled-via = { $title }, דרך { $via }
via-claimed = { $host } (לדבריו)
via-another-machine = מחשב אחר
via-claimed-through = { $via } במחשב { $host } (לדבריו)
via-another-machine-through = { $via } במחשב אחר

## Buttons

submit = שליחה
submit-tip = שליחת התשובה (Enter)
decline = דחייה
decline-tip = סירוב לענות
cancel = ביטול
cancel-tip = סגירה בלי לענות (Esc)
open-in-browser = פתיחה בדפדפן
open-in-browser-tip = פתיחת הכתובת הזאת בדפדפן האינטרנט
back-to-form = חזרה לטופס
link-consent = קישור בטופס הזה מוביל לאתר שלהלן. בדקו אותו לפני שתפתחו אותו בדפדפן: הטופס שומר את מה שהקלדתם.
decline-url-tip = סירוב לפתוח אותו

## The window

closes-in = ייסגר בעוד { $time }
more-below = יש עוד למטה: גללו, או הקישו Page Down
required-tip = חובה
pick-date = בחירת תאריך
pick-date-for = בחירת תאריך עבור { $field }
calendar-month-year = { $month ->
     [1] ינואר
     [2] פברואר
     [3] מרץ
     [4] אפריל
     [5] מאי
     [6] יוני
     [7] יולי
     [8] אוגוסט
     [9] ספטמבר
     [10] אוקטובר
     [11] נובמבר
    *[12] דצמבר
} { $year }
calendar-weekday = { $day ->
     [1] ב׳
     [2] ג׳
     [3] ד׳
     [4] ה׳
     [5] ו׳
     [6] ש׳
    *[7] א׳
}
calendar-previous-year = השנה הקודמת
calendar-previous-month = החודש הקודם
calendar-next-month = החודש הבא
calendar-next-year = השנה הבאה
calendar-cancel = ביטול
calendar-save = בחירה
pick-time = שעה
hour-for = השעה עבור { $field }
minute-for = הדקה עבור { $field }
no-answer = ללא תשובה
filter-choose = הקלידו כדי לסנן, Up/Down כדי לבחור
filter-tick = הקלידו כדי לסנן, Up/Down כדי לנוע, Space כדי לסמן
no-option-matches = אף אפשרות אינה תואמת את המסנן
chosen = נבחר: { $choice }
chosen-none = נבחר: כלום
chosen-count = נבחרו: { $count } מתוך { $total }
clear = ניקוי
clear-tip = ללא תשובה לשדה הזה (Delete בתיבת המסנן)
fixed-value = קבוע: יישלח כפי שהוא
number-hint = מספר
whole-number-hint = מספר שלם

## URL mode

site = אתר:
written-as = נכתב כך:
url-full-tip = הכתובת המלאה שכפתור הפתיחה יטען
url-normalised = השרת כתב את הכתובת הזאת אחרת; היא מוצגת כפי שהדפדפן שלכם קורא אותה.
warning = אזהרה: { $text }
warn-not-https = לא מוצפן (http, לא https): אחרים ברשת יכולים לקרוא את הדף או לשנות אותו.
warn-international = בשם האתר יש אותיות שאינן ASCII (punycode, xn--): ייתכן שהוא מחקה את מראה שמו של אתר אחר.
warn-ip = האתר הוא כתובת IP חשופה, לא שם.
warn-credentials = הקישור נושא שם משתמש לפני האתר (user@), וזה יכול להסוות אותו: האתר האמיתי הוא { $host }.
nothing-loaded = שום דבר לא נטען עד שתלחצו על פתיחה.
open-failed = לא ניתן לפתוח את הדפדפן: { $reason }

## Time left

time-seconds = { $s } שנ׳
time-minutes = { $m } דק׳ { $s } שנ׳
time-hours = { $h } שע׳ { $m } דק׳
time-days = { $d } ימ׳ { $h } שע׳

## What a field accepts

format-help-email = כתובת דוא״ל, למשל {"\u2066"}{ $example }{"\u2069"}
format-help-uri = כתובת URI מלאה, למשל {"\u2066"}{ $example }{"\u2069"}
format-help-date-time = תאריך ושעה עם הפרש שעות, למשל {"\u2066"}{ $example }{"\u2069"}
format-help-uuid = מזהה UUID, למשל {"\u2066"}{ $example }{"\u2069"}
format-help-time = שעה עם הפרש שעות, למשל {"\u2066"}{ $example }{"\u2069"}
format-help-duration = משך זמן (ISO 8601), למשל {"\u2066"}{ $example }{"\u2069"}
format-help-ipv4 = כתובת IPv4, למשל {"\u2066"}{ $example }{"\u2069"}
format-help-ipv6 = כתובת IPv6, למשל {"\u2066"}{ $example }{"\u2069"}
format-help-hostname = שם מארח, למשל {"\u2066"}{ $example }{"\u2069"}
format-help-date = תאריך, {"\u2066"}YYYY-MM-DD{"\u2069"}
whole-number = מספר שלם
exactly = בדיוק { $n }
range = בין { $min } ל־{ $max }
at-least = לפחות { $min }
at-most = לכל היותר { $max }
more-than = יותר מ־{ $n }
less-than = פחות מ־{ $n }
multiple-of = כפולה של { $n }
characters-exactly = בדיוק { $n ->
    [one] תו אחד
    [two] שני תווים
   *[other] { $n } תווים
}
characters-range = בין { $min } ל־{ $max } תווים
characters-at-least = לפחות { $min ->
    [one] תו אחד
    [two] שני תווים
   *[other] { $min } תווים
}
characters-at-most = לכל היותר { $max ->
    [one] תו אחד
    [two] שני תווים
   *[other] { $max } תווים
}
choose-exactly = יש לבחור בדיוק { $n }
choose-range = יש לבחור בין { $min } ל־{ $max }
choose-at-least = יש לבחור לפחות { $min }
choose-at-most = יש לבחור לכל היותר { $max }
# A field's description and what it accepts; a format and its limits; two limits of a list.
help-and-accepts = { $description } ({ $accepts })
format-and-limits = { $format }; { $limits }
limits-list = { $first }, { $rest }
must-be-ticked = חובה לסמן
must-be-unticked = יש להשאיר לא מסומן
must-match = חייב להתאים ל־{ $pattern }

## Problems

required = שדה חובה
problem-ticked = יש לסמן כדי להמשיך
problem-unticked = יש להשאיר לא מסומן
problem-choose-one = יש לבחור אחת מהאפשרויות
problem-too-short = לפחות { $min ->
    [one] תו אחד
    [two] שני תווים
   *[other] { $min } תווים
} (כעת { $now })
problem-too-long = לכל היותר { $max ->
    [one] תו אחד
    [two] שני תווים
   *[other] { $max } תווים
} (כעת { $now })
problem-pattern = אינו בצורה המצופה (תבנית { $pattern })
problem-pattern-slow = לא ניתן לבדוק בזמן מול התבנית { $pattern } (היא חוזרת לאחור יותר מדי)
problem-too-large = גדול מדי: מספרים שלמים הם בין { $min } ל־{ $max }
problem-too-near-zero = קרוב מדי לאפס כדי לשלוח כפי שהוקלד: הזינו 0 או מספר רחוק יותר מאפס
problem-too-small = קטן מדי: מספרים שלמים הם בין { $min } ל־{ $max }
problem-number-too-large = גדול מדי לשליחה: המספר הגדול ביותר שאפשר לשלוח הוא { $max }
problem-number-too-small = קטן מדי לשליחה: המספר הקטן ביותר שאפשר לשלוח הוא { $min }
problem-too-precise = יותר מדי ספרות לשליחה מדויקת: המספר הקרוב ביותר שאפשר לשלוח הוא { $n }
problem-whole-number = הזינו מספר שלם (למשל 42)
problem-number = הזינו מספר (למשל 2.5)
problem-at-least = חייב להיות לפחות { $n }
problem-at-most = חייב להיות לכל היותר { $n }
problem-more-than = חייב להיות יותר מ־{ $n }
problem-less-than = חייב להיות פחות מ־{ $n }
problem-multiple-of = חייב להיות כפולה של { $n }
problem-choose-at-least = יש לבחור לפחות { $n ->
    [one] אפשרות אחת
    [two] שתי אפשרויות
   *[other] { $n } אפשרויות
}
problem-choose-at-most = יש לבחור לכל היותר { $n ->
    [one] אפשרות אחת
    [two] שתי אפשרויות
   *[other] { $n } אפשרויות
}
problem-not-email = אינה כתובת דוא״ל (למשל {"\u2066"}{ $example }{"\u2069"})
problem-not-uri = אינה כתובת URI מלאה (למשל {"\u2066"}{ $example }{"\u2069"})
problem-not-date = אינו תאריך (למשל {"\u2066"}{ $example }{"\u2069"})
problem-not-date-time = אינו תאריך ושעה עם הפרש שעות (למשל {"\u2066"}{ $example }{"\u2069"})
problem-not-uuid = אינו מזהה UUID (למשל {"\u2066"}{ $example }{"\u2069"})
problem-not-time = אינה שעה עם הפרש שעות (למשל {"\u2066"}{ $example }{"\u2069"})
problem-not-duration = אינו משך זמן (ISO 8601) (למשל {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv4 = אינה כתובת IPv4 (למשל {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv6 = אינה כתובת IPv6 (למשל {"\u2066"}{ $example }{"\u2069"})
problem-not-hostname = אינו שם מארח (למשל {"\u2066"}{ $example }{"\u2069"})
problem-internal = שגיאה פנימית: לא ניתן לבדוק את השדה הזה

## The terminal

term-pager-keys = עוד: PageDown/Space/Enter · אחורה: PageUp · ביטול: Esc
term-more-lines-below = { $n ->
    [one] עוד שורה אחת למטה
    [two] עוד שתי שורות למטה
   *[other] עוד { $n } שורות למטה
}: { $keys }
term-end-of-message = סוף ההודעה: Enter כדי להמשיך · אחורה: PageUp · ביטול: Esc
term-answer-sent = התשובה נשלחה.
term-declined = נדחה.
term-nothing-to-fill = אין מה למלא
term-fields = { $n ->
    [one] שדה אחד
    [two] שני שדות
   *[other] { $n } שדות
}
term-required-marked = { $fields }, * מסמנת את שדות החובה
term-enter-keeps = הקשה על Enter שומרת את המוצג
term-esc-cancels = ביטול: Esc או Ctrl+C
term-answer-within = יש לענות בתוך { $time }
term-esc-cancel = { $keys } · ביטול: Esc
term-review = סקירה
term-no-fields = (אין שדות)
term-review-keys-none = שליחה: Enter · דחייה: d · ביטול: c
term-review-keys-one = שליחה: Enter · שינוי השדה: 1 · דחייה: d · ביטול: c
term-review-keys-many = שליחה: Enter · שינוי שדה: 1-{ $n } · דחייה: d · ביטול: c
term-review-help-none = הקישו Enter כדי לשלוח, או הקלידו d כדי לדחות או c כדי לבטל
term-review-help-many = הקלידו מספר שדה מ־1 עד { $n }, או d כדי לדחות, c כדי לבטל; Enter לבדו שולח
term-time-left = נותרו { $time }
term-keys-date = הבא: Enter · יום אחרי/לפני: Up/Down
term-keys-text = הבא: Enter · שורה חדשה: Alt+Enter או Ctrl+J
term-keys-next = הבא: Enter
term-keys-boolean = תשובה: y/n · החלפה: Space · הבא: Enter
term-keys-choice = תנועה: Up/Down או מספר · בחירה: Enter
term-keys-multi = סימון: Space/מספר · תנועה: Up/Down · הבא: Enter
term-yes = כן
term-no = לא
term-no-answer-yet = (עדיין אין תשובה)
term-no-answer-row = ללא תשובה
term-fixed = (קבוע: יישלח כפי שהוא)
term-more-above = (עוד { $n } למעלה)
term-more-below = (עוד { $n } למטה)
term-lines-above = { $n ->
    [one] (עוד שורה אחת למעלה)
    [two] (עוד שתי שורות למעלה)
   *[other] (עוד { $n } שורות למעלה)
}
term-lines-below = { $n ->
    [one] (עוד שורה אחת למטה)
    [two] (עוד שתי שורות למטה)
   *[other] (עוד { $n } שורות למטה)
}
term-line-cancels = ביטול: Ctrl+C או Ctrl+D
term-line-type-value = הקלידו את הערך והקישו Enter.
term-line-type-option = הקלידו את מספר האפשרות והקישו Enter.
term-line-type-options = הקלידו את מספרי האפשרויות לסימון, מופרדים ברווחים (0 לאף אחת), והקישו Enter.
term-line-type-yes-no = הקלידו y לכן או n ללא והקישו Enter.
term-line-now = כעת: { $text }. Enter לבדו שומר על זה.
term-no-answer = (ללא תשובה)
term-empty = (ריק)
term-none = (אין)
term-cancelled = בוטל.
term-cancelled-eof = הקלט הסתיים: בוטל.
term-cancelled-timeout = הזמן נגמר: בוטל.
term-cancelled-signal = נעצר על ידי אות: בוטל.
term-cancelled-lost = המסוף נעלם: בוטל.

## Signing in (proxy --url): the consent's message, and the page the browser shows after it

sign-in-consent = התחברות אל { $host } עבור { $server }
sign-in-done = התחברתם. אפשר לסגור את הדף הזה ולחזור ללקוח ה־MCP.
# The name of the keyring item (GNOME Keyring, KWallet) that keeps a sign-in.
token-store-label = form-elicitation: התחברות MCP עבור { $server }

## A run of forms (proxy)

queue-place = טופס { $n } מתוך { $total } מאת { $server }
queue-place-unnamed = טופס { $n } מתוך { $total }
queue-decline-all = { $count ->
    [one] דחיית הטופס הממתין
    [two] דחיית שני הטפסים הממתינים
   *[other] דחיית כל { $count } הטפסים הממתינים
}
queue-decline-all-tip = לענות בדחייה על הטופס הזה ועל כל טופס שממתין אחריו
queue-confirm-question = { $count ->
    [one] לדחות את הטופס הזה?
    [two] לדחות את שני הטפסים, כולל זה?
   *[other] לדחות את כל { $count } הטפסים, כולל זה?
}
queue-confirm = כן, לדחות את כולם
queue-keep = לא, חזרה
term-queue-keys = { $count ->
    [one] דחיית הטופס הממתין: a
    [two] דחיית שני הטפסים הממתינים: a
   *[other] דחיית כל { $count } הטפסים הממתינים: a
}
term-queue-confirm = { $count ->
    [one] לדחות את הטופס הזה? כן: y · לא: כל מקש אחר
    [two] לדחות את שני הטפסים, כולל זה? כן: y · לא: כל מקש אחר
   *[other] לדחות את כל { $count } הטפסים, כולל זה? כן: y · לא: כל מקש אחר
}
term-declined-all = { $count ->
    [one] טופס אחד נדחה.
    [two] שני טפסים נדחו.
   *[other] כל { $count } הטפסים נדחו.
}

## Claude's questions (Claude Code's AskUserQuestion, through its PreToolUse hook)

question-other = אחר
question-other-tip = תשובה משלך, במקום אחת האפשרויות שלמעלה
question-other-tip-many = תשובה משלך, בנוסף לאפשרויות שנבחרו למעלה
draft-restored = מולא במה שהוקלד ב־{ $time }, כשהלקוח הפסיק לחכות. יש לבדוק ואז לשלוח.
client-stopped-waiting = הלקוח או השרת הפסיקו לחכות לתשובה הזו, ולכן אי אפשר לשלוח אותה עוד. „שמירה כטיוטה” שומרת את מה שהוקלד לפעם הבאה שהטופס הזה יתבקש.
keep-draft = שמירה כטיוטה
keep-draft-tip = שמירת מה שהוקלד לפעם הבאה שהשרת הזה יבקש את הטופס הזה (Enter); דבר אינו נשלח
