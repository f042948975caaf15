# form-elicitation: the words a person reads, in English. Every other language translates
# these messages; a message missing there falls back to this file.
#
# Placeables in { } are filled in by the program. Keep them as they are.
# Terms in backticks or keys (Enter, Esc, Tab, Page Down, Ctrl+J) name keys on the keyboard.

## Who asks

window-title = { $server } asks
window-title-unnamed = An MCP server asks
# The action of the desktop notification that a form is waiting: raises the window.
notification-open = Open the form
# The first line of that notification's body, before the message's first lines.
notification-waiting = A form is waiting for your answer.
asks = { $server } asks:
asks-url = { $server } asks you to open a web page:
asks-url-unnamed = An MCP server asks you to open a web page:
asks-via = { $server } asks via { $via }:
asks-url-via = { $server } asks you, via { $via }, to open a web page:
# A request served from another machine (serve) names the machine it says it is, marked
# as its own claim, or "another machine" when it gives none.
window-title-via = { $server } asks, via { $via }
window-title-unnamed-via = An MCP server asks, via { $via }
window-title-titled-via = { $title }, via { $via }
via-claimed = { $host } (as it says)
via-another-machine = another machine
# Both at once: a request through Claude Code ($via) on a machine serve cannot check. Each
# reads after "asks via" as one phrase; a local request served names no machine.
via-claimed-through = { $via }, on { $host } (as it says)
via-another-machine-through = { $via }, on another machine

## Buttons

submit = Submit
submit-tip = Send the answer (Enter)
decline = Decline
decline-tip = Refuse to answer
cancel = Cancel
cancel-tip = Dismiss without answering (Esc)
open-in-browser = Open in browser
open-in-browser-tip = Open this address in your web browser
back-to-form = Back to the form
link-consent = A link in this form leads to the site below. Check it before you open it in your browser: the form keeps what you typed.
decline-url-tip = Refuse to open it

## The window

closes-in = Closes in { $time }
more-below = More below: scroll, or press Page Down
required-tip = Required
pick-date = Pick date
pick-date-for = Pick date for { $field }
calendar-month-year = { $month ->
     [1] January
     [2] February
     [3] March
     [4] April
     [5] May
     [6] June
     [7] July
     [8] August
     [9] September
     [10] October
     [11] November
    *[12] December
} { $year }
calendar-weekday = { $day ->
     [1] Mo
     [2] Tu
     [3] We
     [4] Th
     [5] Fr
     [6] Sa
    *[7] Su
}
calendar-previous-year = Previous year
calendar-previous-month = Previous month
calendar-next-month = Next month
calendar-next-year = Next year
calendar-cancel = Cancel
calendar-save = Save
pick-time = Time
hour-for = Hour for { $field }
minute-for = Minute for { $field }
no-answer = No answer
filter-choose = Type to filter, Up/Down to choose
filter-tick = Type to filter, Up/Down to move, Space to tick
no-option-matches = No option matches the filter
chosen = Chosen: { $choice }
chosen-none = Chosen: none
chosen-count = Chosen: { $count } of { $total }
clear = Clear
clear-tip = No answer for this field (Delete in the filter box)
fixed-value = fixed: sent as is
number-hint = number
whole-number-hint = whole number

## URL mode

site = Site:
written-as = Written as:
url-full-tip = The full address that Open will load
url-normalised = The server wrote this address differently; shown as your browser reads it.
warning = Warning: { $text }
warn-not-https = Not encrypted (http, not https): others on the network could read or change the page.
warn-international = The site name has non-ASCII letters (punycode, xn--): it may imitate the look of another site's name.
warn-ip = The site is a bare IP address, not a name.
warn-credentials = The link carries a user name before the site (user@), which can disguise it: the real site is { $host }.
nothing-loaded = Nothing is loaded until you press Open.
open-failed = Could not open the browser: { $reason }

## Time left

time-seconds = { $s } s
time-minutes = { $m } min { $s } s
time-hours = { $h } h { $m } min
time-days = { $d } d { $h } h

## What a field accepts

format-help-email = an email address, like {"\u2066"}{ $example }{"\u2069"}
format-help-uri = a full URI, like {"\u2066"}{ $example }{"\u2069"}
format-help-date-time = a date and time with offset, like {"\u2066"}{ $example }{"\u2069"}
format-help-uuid = a UUID, like {"\u2066"}{ $example }{"\u2069"}
format-help-time = a time with offset, like {"\u2066"}{ $example }{"\u2069"}
format-help-duration = a duration (ISO 8601), like {"\u2066"}{ $example }{"\u2069"}
format-help-ipv4 = an IPv4 address, like {"\u2066"}{ $example }{"\u2069"}
format-help-ipv6 = an IPv6 address, like {"\u2066"}{ $example }{"\u2069"}
format-help-hostname = a host name, like {"\u2066"}{ $example }{"\u2069"}
format-help-date = a date, {"\u2066"}YYYY-MM-DD{"\u2069"}
whole-number = a whole number
exactly = exactly { $n }
range = { $min } to { $max }
at-least = at least { $min }
at-most = at most { $max }
more-than = more than { $n }
less-than = less than { $n }
multiple-of = a multiple of { $n }
characters-exactly = exactly { $n ->
    [one] { $n } character
   *[other] { $n } characters
}
characters-range = { $min } to { $max } characters
characters-at-least = at least { $min ->
    [one] { $min } character
   *[other] { $min } characters
}
characters-at-most = at most { $max ->
    [one] { $max } character
   *[other] { $max } characters
}
choose-exactly = choose exactly { $n }
choose-range = choose { $min } to { $max }
choose-at-least = choose at least { $min }
choose-at-most = choose at most { $max }
# A field's description and what it accepts; a format and its limits; two limits of a list.
help-and-accepts = { $description } ({ $accepts })
format-and-limits = { $format }; { $limits }
limits-list = { $first }, { $rest }
must-be-ticked = must be ticked
must-be-unticked = must be left unticked
must-match = must match { $pattern }

## Problems

required = This field is required
problem-ticked = Must be ticked to go on
problem-unticked = Must be left unticked
problem-choose-one = Choose one of the options
problem-too-short = At least { $min ->
    [one] { $min } character
   *[other] { $min } characters
} (now { $now })
problem-too-long = At most { $max ->
    [one] { $max } character
   *[other] { $max } characters
} (now { $now })
problem-pattern = Does not have the expected form (pattern { $pattern })
problem-pattern-slow = Cannot be checked in time against the pattern { $pattern } (it backtracks too much)
problem-too-large = Too large: whole numbers go from { $min } to { $max }
problem-too-near-zero = Too close to zero to send as typed: enter 0 or a number farther from zero
problem-too-small = Too small: whole numbers go from { $min } to { $max }
problem-number-too-large = Too large to send: the largest number that can be sent is { $max }
problem-number-too-small = Too small to send: the smallest number that can be sent is { $min }
problem-too-precise = Too many digits to send exactly: the nearest number that can be sent is { $n }
problem-whole-number = Enter a whole number (like 42)
problem-number = Enter a number (like 2.5)
problem-at-least = Must be at least { $n }
problem-at-most = Must be at most { $n }
problem-more-than = Must be more than { $n }
problem-less-than = Must be less than { $n }
problem-multiple-of = Must be a multiple of { $n }
problem-choose-at-least = Choose at least { $n ->
    [one] { $n } option
   *[other] { $n } options
}
problem-choose-at-most = Choose at most { $n ->
    [one] { $n } option
   *[other] { $n } options
}
problem-not-email = Not an email address (like {"\u2066"}{ $example }{"\u2069"})
problem-not-uri = Not a full URI (like {"\u2066"}{ $example }{"\u2069"})
problem-not-date = Not a date (like {"\u2066"}{ $example }{"\u2069"})
problem-not-date-time = Not a date and time with offset (like {"\u2066"}{ $example }{"\u2069"})
problem-not-uuid = Not a UUID (like {"\u2066"}{ $example }{"\u2069"})
problem-not-time = Not a time with offset (like {"\u2066"}{ $example }{"\u2069"})
problem-not-duration = Not a duration (ISO 8601) (like {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv4 = Not an IPv4 address (like {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv6 = Not an IPv6 address (like {"\u2066"}{ $example }{"\u2069"})
problem-not-hostname = Not a host name (like {"\u2066"}{ $example }{"\u2069"})
problem-internal = Internal error: this field cannot be checked

## The terminal

term-pager-keys = PageDown/Space/Enter: more · PageUp: back · Esc: cancel
term-more-lines-below = { $n ->
    [one] 1 more line below
   *[other] { $n } more lines below
}: { $keys }
term-end-of-message = End of the message: Enter to go on · PageUp: back · Esc: cancel
term-answer-sent = Answer sent.
term-declined = Declined.
term-nothing-to-fill = Nothing to fill in
term-fields = { $n ->
    [one] 1 field
   *[other] { $n } fields
}
term-required-marked = { $fields }, * marks the required ones
term-enter-keeps = Enter keeps what is shown
term-esc-cancels = Esc or Ctrl+C cancels
term-answer-within = Answer within { $time }
term-esc-cancel = { $keys } · Esc: cancel
term-review = Review
term-no-fields = (no fields)
term-review-keys-none = Enter: submit · d: decline · c: cancel
term-review-keys-one = Enter: submit · 1: change the field · d: decline · c: cancel
term-review-keys-many = Enter: submit · 1-{ $n }: change a field · d: decline · c: cancel
term-review-help-none = Press Enter to submit, or type d to decline or c to cancel
term-review-help-many = Type a field number from 1 to { $n }, or d to decline, c to cancel; Enter alone submits
term-time-left = { $time } left
term-keys-date = Enter: next · Up/Down: a day later/earlier
term-keys-text = Enter: next · Alt+Enter or Ctrl+J: new line
term-keys-next = Enter: next
term-keys-boolean = y/n: answer · Space: switch · Enter: next
term-keys-choice = Up/Down or a number: move · Enter: choose
term-keys-multi = Space/number: tick · Up/Down: move · Enter: next
term-yes = Yes
term-no = No
term-no-answer-yet = (no answer yet)
term-no-answer-row = no answer
term-fixed = (fixed: sent as is)
term-more-above = ({ $n } more above)
term-more-below = ({ $n } more below)
term-lines-above = { $n ->
    [one] (1 more line above)
   *[other] ({ $n } more lines above)
}
term-lines-below = { $n ->
    [one] (1 more line below)
   *[other] ({ $n } more lines below)
}
term-line-cancels = Ctrl+C or Ctrl+D cancels
term-line-type-value = Type the value and press Enter.
term-line-type-option = Type the option's number and press Enter.
term-line-type-options = Type the numbers of the options to tick, separated by spaces (0 for none), and press Enter.
term-line-type-yes-no = Type y for yes or n for no and press Enter.
term-line-now = Now: { $text }. Enter alone keeps it.
term-no-answer = (no answer)
term-empty = (empty)
term-none = (none)
term-cancelled = Cancelled.
term-cancelled-eof = End of input: cancelled.
term-cancelled-timeout = Time is up: cancelled.
term-cancelled-signal = Stopped by a signal: cancelled.
term-cancelled-lost = The terminal went away: cancelled.

## Signing in (proxy --url): the consent's message, and the page the browser shows after it

sign-in-consent = Sign in to { $host } for { $server }
sign-in-done = You are signed in. You can close this page and go back to your MCP client.
# The name of the keyring item (GNOME Keyring, KWallet) that keeps a sign-in.
token-store-label = form-elicitation: MCP sign-in for { $server }

## A run of forms (proxy)

queue-place = Form { $n } of { $total } from { $server }
queue-place-unnamed = Form { $n } of { $total }
queue-decline-all = { $count ->
    [one] Decline the 1 waiting
   *[other] Decline all { $count } waiting
}
queue-decline-all-tip = Answer decline to this form and to every form waiting behind it
queue-confirm-question = { $count ->
    [one] Decline this form?
   *[other] Decline all { $count } forms, this one included?
}
queue-confirm = Yes, decline them all
queue-keep = No, go back
term-queue-keys = { $count ->
    [one] a: decline the 1 waiting
   *[other] a: decline all { $count } waiting
}
term-queue-confirm = { $count ->
    [one] Decline this form? y: yes · any other key: no
   *[other] Decline all { $count } forms, this one included? y: yes · any other key: no
}
term-declined-all = { $count ->
    [one] Declined 1 form.
   *[other] Declined all { $count } forms.
}

## Claude's questions (Claude Code's AskUserQuestion, through its PreToolUse hook)

# The text box under each question's options, for an answer in the person's own words.
question-other = Other
# Under it, for a question with one answer; then for one with several.
question-other-tip = Your own answer, in place of a choice above
question-other-tip-many = Your own answer, added to the choices above
# The line above a form filled with a draft: what was typed into the same form from the same
# server when it last closed without an answer (a timeout, a cancelled call). $time is a date
# and time, 2026-12-05 16:20.
draft-restored = Filled in with what you typed on { $time }, when the client stopped waiting. Check it, then submit.
# Pinned under who asks in a proxy's form once nobody waits for its answer: the client's call
# was cancelled (its timeout, notifications/cancelled), or the server withdrew its request.
# The form stays, and Submit becomes keep-draft.
client-stopped-waiting = The client or the server stopped waiting for this answer, so it can no longer be sent. Keep as draft saves what you typed for the next time this form is asked.
# The primary button in place of Submit once the client stopped waiting, and its tip.
keep-draft = Keep as draft
keep-draft-tip = Keep what you typed for the next time this server asks this form (Enter); nothing is sent
