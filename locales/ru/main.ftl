# Русский (Russian)

## Who asks

window-title = { $server } спрашивает
window-title-unnamed = MCP-сервер спрашивает
notification-open = Открыть форму
notification-waiting = Форма ждёт вашего ответа.
asks = { $server } спрашивает:
asks-url = { $server } просит открыть веб-страницу:
asks-url-unnamed = MCP-сервер просит открыть веб-страницу:
asks-via = { $server } спрашивает через { $via }:
asks-url-via = { $server } через { $via } просит открыть веб-страницу:
window-title-via = { $server } спрашивает через { $via }
window-title-unnamed-via = MCP-сервер спрашивает через { $via }
window-title-titled-via = { $title }, через { $via }
via-claimed = { $host } (по его словам)
via-another-machine = другую машину
via-claimed-through = { $via } на { $host } (по его словам)
via-another-machine-through = { $via } на другой машине

## Buttons

submit = Отправить
submit-tip = Отправить ответ (Enter)
decline = Отклонить
decline-tip = Отказаться отвечать
cancel = Отмена
cancel-tip = Закрыть, не отвечая (Esc)
open-in-browser = Открыть в браузере
open-in-browser-tip = Открыть этот адрес в веб-браузере
back-to-form = Вернуться к форме
link-consent = Ссылка в этой форме ведёт на сайт ниже. Проверьте его, прежде чем открывать в браузере: введённое вами останется в форме.
decline-url-tip = Отказаться открывать

## The window

closes-in = Закроется через { $time }
more-below = Ниже есть ещё: прокрутите или нажмите PageDown
required-tip = Обязательное поле
pick-date = Выбрать дату
pick-date-for = Выбрать дату: { $field }
calendar-month-year = { $month ->
     [1] Январь
     [2] Февраль
     [3] Март
     [4] Апрель
     [5] Май
     [6] Июнь
     [7] Июль
     [8] Август
     [9] Сентябрь
     [10] Октябрь
     [11] Ноябрь
    *[12] Декабрь
} { $year }
calendar-weekday = { $day ->
     [1] Пн
     [2] Вт
     [3] Ср
     [4] Чт
     [5] Пт
     [6] Сб
    *[7] Вс
}
calendar-previous-year = Предыдущий год
calendar-previous-month = Предыдущий месяц
calendar-next-month = Следующий месяц
calendar-next-year = Следующий год
calendar-cancel = Отмена
calendar-save = Выбрать
pick-time = Время
hour-for = Час: { $field }
minute-for = Минута: { $field }
no-answer = Нет ответа
filter-choose = Введите текст для фильтра, Вверх/Вниз — выбор
filter-tick = Введите текст для фильтра, Вверх/Вниз — перемещение, Пробел — отметить
no-option-matches = Нет вариантов, подходящих под фильтр
chosen = Выбрано: { $choice }
chosen-none = Выбрано: ничего
chosen-count = Выбрано: { $count } из { $total }
clear = Очистить
clear-tip = Нет ответа для этого поля (Delete в поле фильтра)
fixed-value = фиксировано: отправляется как есть
number-hint = число
whole-number-hint = целое число

## URL mode

site = Сайт:
written-as = Записан как:
url-full-tip = Полный адрес, который загрузит кнопка «Открыть»
url-normalised = Сервер записал этот адрес иначе; он показан так, как его понимает браузер.
warning = Предупреждение: { $text }
warn-not-https = Без шифрования (http, а не https): другие в сети могут прочитать или изменить страницу.
warn-international = В имени сайта есть не-ASCII буквы (punycode, xn--): оно может подражать внешнему виду имени другого сайта.
warn-ip = Сайт указан голым IP-адресом, а не именем.
warn-credentials = Ссылка содержит имя пользователя перед сайтом (user@), что может его замаскировать: настоящий сайт — { $host }.
nothing-loaded = Ничего не загружается, пока вы не нажмёте «Открыть».
open-failed = Не удалось открыть браузер: { $reason }

## Time left

time-seconds = { $s } с
time-minutes = { $m } мин { $s } с
time-hours = { $h } ч { $m } мин
time-days = { $d } дн. { $h } ч

## What a field accepts

format-help-email = адрес электронной почты, например {"\u2066"}{ $example }{"\u2069"}
format-help-uri = полный URI, например {"\u2066"}{ $example }{"\u2069"}
format-help-date-time = дата и время со смещением часового пояса, например {"\u2066"}{ $example }{"\u2069"}
format-help-uuid = UUID, например {"\u2066"}{ $example }{"\u2069"}
format-help-time = время со смещением часового пояса, например {"\u2066"}{ $example }{"\u2069"}
format-help-duration = длительность (ISO 8601), например {"\u2066"}{ $example }{"\u2069"}
format-help-ipv4 = адрес IPv4, например {"\u2066"}{ $example }{"\u2069"}
format-help-ipv6 = адрес IPv6, например {"\u2066"}{ $example }{"\u2069"}
format-help-hostname = имя хоста, например {"\u2066"}{ $example }{"\u2069"}
format-help-date = дата, {"\u2066"}YYYY-MM-DD{"\u2069"}
whole-number = целое число
exactly = ровно { $n }
range = от { $min } до { $max }
at-least = не меньше { $min }
at-most = не больше { $max }
more-than = больше { $n }
less-than = меньше { $n }
multiple-of = кратное { $n }
characters-exactly = ровно { $n ->
    [one] { $n } символ
    [few] { $n } символа
    [many] { $n } символов
   *[other] { $n } символа
}
characters-range = от { $min } до { $max ->
    [one] { $max } символа
    [few] { $max } символов
    [many] { $max } символов
   *[other] { $max } символа
}
characters-at-least = не менее { $min ->
    [one] { $min } символа
    [few] { $min } символов
    [many] { $min } символов
   *[other] { $min } символа
}
characters-at-most = не более { $max ->
    [one] { $max } символа
    [few] { $max } символов
    [many] { $max } символов
   *[other] { $max } символа
}
choose-exactly = выбрать ровно { $n }
choose-range = выбрать от { $min } до { $max }
choose-at-least = выбрать не меньше { $min }
choose-at-most = выбрать не больше { $max }
# A field's description and what it accepts; a format and its limits; two limits of a list.
help-and-accepts = { $description } ({ $accepts })
format-and-limits = { $format }; { $limits }
limits-list = { $first }, { $rest }
must-be-ticked = нужно отметить
must-be-unticked = нужно оставить неотмеченным
must-match = должно соответствовать шаблону { $pattern }

## Problems

required = Это поле обязательно
problem-ticked = Нужно отметить, чтобы продолжить
problem-unticked = Нужно оставить неотмеченным
problem-choose-one = Выберите один из вариантов
problem-too-short = Не менее { $min ->
    [one] { $min } символа
    [few] { $min } символов
    [many] { $min } символов
   *[other] { $min } символа
} (сейчас { $now })
problem-too-long = Не более { $max ->
    [one] { $max } символа
    [few] { $max } символов
    [many] { $max } символов
   *[other] { $max } символа
} (сейчас { $now })
problem-pattern = Не соответствует ожидаемому виду (шаблон { $pattern })
problem-pattern-slow = Не удаётся вовремя проверить по шаблону { $pattern } (слишком много возвратов)
problem-too-large = Слишком большое: целые числа допустимы от { $min } до { $max }
problem-too-near-zero = Слишком близко к нулю, чтобы отправить как введено: введите 0 или число дальше от нуля
problem-too-small = Слишком маленькое: целые числа допустимы от { $min } до { $max }
problem-number-too-large = Слишком большое, чтобы отправить: наибольшее число, которое можно отправить, — { $max }
problem-number-too-small = Слишком маленькое, чтобы отправить: наименьшее число, которое можно отправить, — { $min }
problem-too-precise = Слишком много цифр, чтобы отправить точно: ближайшее число, которое можно отправить, — { $n }
problem-whole-number = Введите целое число (например, 42)
problem-number = Введите число (например, 2.5)
problem-at-least = Должно быть не меньше { $n }
problem-at-most = Должно быть не больше { $n }
problem-more-than = Должно быть больше { $n }
problem-less-than = Должно быть меньше { $n }
problem-multiple-of = Должно быть кратно { $n }
problem-choose-at-least = Выберите не менее { $n ->
    [one] { $n } варианта
    [few] { $n } вариантов
    [many] { $n } вариантов
   *[other] { $n } варианта
}
problem-choose-at-most = Выберите не более { $n ->
    [one] { $n } варианта
    [few] { $n } вариантов
    [many] { $n } вариантов
   *[other] { $n } варианта
}
problem-not-email = Это не адрес электронной почты (например, {"\u2066"}{ $example }{"\u2069"})
problem-not-uri = Это не полный URI (например, {"\u2066"}{ $example }{"\u2069"})
problem-not-date = Это не дата (например, {"\u2066"}{ $example }{"\u2069"})
problem-not-date-time = Это не дата и время со смещением часового пояса (например, {"\u2066"}{ $example }{"\u2069"})
problem-not-uuid = Это не UUID (например, {"\u2066"}{ $example }{"\u2069"})
problem-not-time = Это не время со смещением часового пояса (например, {"\u2066"}{ $example }{"\u2069"})
problem-not-duration = Это не длительность в формате ISO 8601 (например, {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv4 = Это не адрес IPv4 (например, {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv6 = Это не адрес IPv6 (например, {"\u2066"}{ $example }{"\u2069"})
problem-not-hostname = Это не имя хоста (например, {"\u2066"}{ $example }{"\u2069"})
problem-internal = Внутренняя ошибка: это поле невозможно проверить

## The terminal

term-pager-keys = PageDown/Пробел/Enter: далее · PageUp: назад · Esc: отмена
term-more-lines-below = { $n ->
    [one] Ещё { $n } строка ниже
    [few] Ещё { $n } строки ниже
    [many] Ещё { $n } строк ниже
   *[other] Ещё { $n } строки ниже
}: { $keys }
term-end-of-message = Конец сообщения: Enter — продолжить · PageUp: назад · Esc: отмена
term-answer-sent = Ответ отправлен.
term-declined = Отклонено.
term-nothing-to-fill = Заполнять нечего
term-fields = { $n ->
    [one] { $n } поле
    [few] { $n } поля
    [many] { $n } полей
   *[other] { $n } поля
}
term-required-marked = { $fields }, * отмечает обязательные
term-enter-keeps = Enter оставляет показанное значение
term-esc-cancels = Esc или Ctrl+C — отмена
term-answer-within = Ответьте в течение { $time }
term-esc-cancel = { $keys } · Esc: отмена
term-review = Проверка
term-no-fields = (нет полей)
term-review-keys-none = Enter: отправить · d: отклонить · c: отмена
term-review-keys-one = Enter: отправить · 1: изменить поле · d: отклонить · c: отмена
term-review-keys-many = Enter: отправить · 1-{ $n }: изменить поле · d: отклонить · c: отмена
term-review-help-none = Нажмите Enter, чтобы отправить, или введите d, чтобы отклонить, или c, чтобы отменить
term-review-help-many = Введите номер поля от 1 до { $n }, или d — отклонить, c — отменить; просто Enter — отправить
term-time-left = осталось { $time }
term-keys-date = Enter: далее · Вверх/Вниз: на день позже/раньше
term-keys-text = Enter: далее · Alt+Enter или Ctrl+J: новая строка
term-keys-next = Enter: далее
term-keys-boolean = y/n: да/нет · Пробел: переключить · Enter: далее
term-keys-choice = Вверх/Вниз или номер: перемещение · Enter: выбрать
term-keys-multi = Пробел/номер: отметить · Вверх/Вниз: перемещение · Enter: далее
term-yes = Да
term-no = Нет
term-no-answer-yet = (ответа пока нет)
term-no-answer-row = нет ответа
term-fixed = (фиксировано: отправляется как есть)
term-more-above = (ещё { $n } выше)
term-more-below = (ещё { $n } ниже)
term-lines-above = { $n ->
    [one] (ещё { $n } строка выше)
    [few] (ещё { $n } строки выше)
    [many] (ещё { $n } строк выше)
   *[other] (ещё { $n } строки выше)
}
term-lines-below = { $n ->
    [one] (ещё { $n } строка ниже)
    [few] (ещё { $n } строки ниже)
    [many] (ещё { $n } строк ниже)
   *[other] (ещё { $n } строки ниже)
}
term-line-cancels = Ctrl+C или Ctrl+D — отмена
term-line-type-value = Введите значение и нажмите Enter.
term-line-type-option = Введите номер варианта и нажмите Enter.
term-line-type-options = Введите номера отмечаемых вариантов через пробел (0 — ни одного) и нажмите Enter.
term-line-type-yes-no = Введите y (да) или n (нет) и нажмите Enter.
term-line-now = Сейчас: { $text }. Enter без ввода оставляет это значение.
term-no-answer = (нет ответа)
term-empty = (пусто)
term-none = (нет)
term-cancelled = Отменено.
term-cancelled-eof = Конец ввода: отменено.
term-cancelled-timeout = Время истекло: отменено.
term-cancelled-signal = Остановлено сигналом: отменено.
term-cancelled-lost = Связь с терминалом потеряна: отменено.

## Signing in

sign-in-consent = Войти в { $host } для { $server }
sign-in-done = Вход выполнен. Можно закрыть эту страницу и вернуться в MCP-клиент.
# The name of the keyring item (GNOME Keyring, KWallet) that keeps a sign-in.
token-store-label = form-elicitation: вход MCP для { $server }

## A run of forms (proxy)

queue-place = Форма { $n } из { $total } от { $server }
queue-place-unnamed = Форма { $n } из { $total }
queue-decline-all = { $count ->
    [one] Отклонить все { $count } ожидающую
    [few] Отклонить все { $count } ожидающие
   *[other] Отклонить все { $count } ожидающих
}
queue-decline-all-tip = Ответить «отклонить» на эту форму и на все формы, ждущие за ней
queue-confirm-question = { $count ->
    [one] Отклонить { $count } форму, включая эту?
    [few] Отклонить все { $count } формы, включая эту?
   *[other] Отклонить все { $count } форм, включая эту?
}
queue-confirm = Да, отклонить все
queue-keep = Нет, вернуться
term-queue-keys = { $count ->
    [one] a: отклонить { $count } ожидающую
    [few] a: отклонить все { $count } ожидающие
   *[other] a: отклонить все { $count } ожидающих
}
term-queue-confirm = { $count ->
    [one] Отклонить { $count } форму, включая эту? y: да · любая другая клавиша: нет
    [few] Отклонить все { $count } формы, включая эту? y: да · любая другая клавиша: нет
   *[other] Отклонить все { $count } форм, включая эту? y: да · любая другая клавиша: нет
}
term-declined-all = { $count ->
    [one] Отклонена { $count } форма.
    [few] Отклонены все { $count } формы.
   *[other] Отклонены все { $count } форм.
}

## Claude's questions (Claude Code's AskUserQuestion, through its PreToolUse hook)

question-other = Другое
question-other-tip = Ваш собственный ответ вместо одного из вариантов выше
question-other-tip-many = Ваш собственный ответ в дополнение к вариантам выше
draft-restored = Заполнено тем, что вы ввели { $time }, когда клиент перестал ждать. Проверьте и отправьте.
client-stopped-waiting = Клиент или сервер перестал ждать этот ответ, и отправить его уже нельзя. «Сохранить как черновик» сохранит то, что вы ввели, до следующего раза, когда эту форму запросят.
keep-draft = Сохранить как черновик
keep-draft-tip = Сохранить введённое до следующего раза, когда этот сервер запросит эту форму (Enter); ничего не отправляется
