# 한국어 (Korean)

## Who asks

window-title = { $server }의 요청
window-title-unnamed = MCP 서버의 요청
notification-open = 양식 열기
notification-waiting = 양식이 답변을 기다리고 있습니다.
asks = { $server }의 요청:
asks-url = { $server }에서 웹 페이지를 열도록 요청합니다:
asks-url-unnamed = MCP 서버에서 웹 페이지를 열도록 요청합니다:
asks-via = { $via }을(를) 통한 { $server }의 요청:
asks-url-via = { $server }에서 { $via }을(를) 통해 웹 페이지를 열도록 요청합니다:
window-title-via = { $via }을(를) 통한 { $server }의 요청
window-title-unnamed-via = { $via }을(를) 통한 MCP 서버의 요청
window-title-titled-via = { $title } ({ $via }을(를) 통해)
via-claimed = { $host }(자칭)
via-another-machine = 다른 컴퓨터
via-claimed-through = { $host }(자칭)의 { $via }
via-another-machine-through = 다른 컴퓨터의 { $via }

## Buttons

submit = 제출
submit-tip = 답변 보내기 (Enter)
decline = 거절
decline-tip = 답변 거절
cancel = 취소
cancel-tip = 답변하지 않고 닫기 (Esc)
open-in-browser = 브라우저에서 열기
open-in-browser-tip = 웹 브라우저에서 이 주소 열기
back-to-form = 양식으로 돌아가기
link-consent = 이 양식의 링크는 아래 사이트로 연결됩니다. 브라우저에서 열기 전에 확인하세요. 입력한 내용은 양식에 그대로 남습니다.
decline-url-tip = 열지 않기

## The window

closes-in = { $time } 후 닫힘
more-below = 아래에 더 있음: 스크롤하거나 Page Down 키를 누르세요
required-tip = 필수
pick-date = 날짜 선택
pick-date-for = { $field } 날짜 선택
calendar-month-year = { $year }년 { $month ->
     [1] 1월
     [2] 2월
     [3] 3월
     [4] 4월
     [5] 5월
     [6] 6월
     [7] 7월
     [8] 8월
     [9] 9월
     [10] 10월
     [11] 11월
    *[12] 12월
}
calendar-weekday = { $day ->
     [1] 월
     [2] 화
     [3] 수
     [4] 목
     [5] 금
     [6] 토
    *[7] 일
}
calendar-previous-year = 이전 해
calendar-previous-month = 이전 달
calendar-next-month = 다음 달
calendar-next-year = 다음 해
calendar-cancel = 취소
calendar-save = 선택
pick-time = 시각
hour-for = { $field } 시
minute-for = { $field } 분
no-answer = 답변 없음
filter-choose = 입력하여 필터링, 위/아래 키로 선택
filter-tick = 입력하여 필터링, 위/아래 키로 이동, 스페이스 키로 체크
no-option-matches = 필터와 일치하는 항목이 없습니다
chosen = 선택: { $choice }
chosen-none = 선택: 없음
chosen-count = 선택: { $total }개 중 { $count }개
clear = 지우기
clear-tip = 이 필드에 답변하지 않음 (필터 상자에서 Delete)
fixed-value = 고정: 그대로 전송됨
number-hint = 숫자
whole-number-hint = 정수

## URL mode

site = 사이트:
written-as = 원래 표기:
url-full-tip = '열기'를 누르면 불러올 전체 주소
url-normalised = 서버가 이 주소를 다르게 표기했습니다. 브라우저가 읽는 형태로 표시합니다.
warning = 경고: { $text }
warn-not-https = 암호화되지 않음(https가 아닌 http): 네트워크의 다른 사람이 페이지를 읽거나 바꿀 수 있습니다.
warn-international = 사이트 이름에 ASCII가 아닌 문자가 있습니다(punycode, xn--): 다른 사이트 이름처럼 보이도록 흉내 낸 것일 수 있습니다.
warn-ip = 사이트가 이름이 아니라 IP 주소 그대로입니다.
warn-credentials = 링크의 사이트 앞에 사용자 이름(user@)이 붙어 있어 사이트를 위장할 수 있습니다. 실제 사이트: { $host }
nothing-loaded = '열기'를 누르기 전에는 아무것도 불러오지 않습니다.
open-failed = 브라우저를 열 수 없습니다: { $reason }

## Time left

time-seconds = { $s }초
time-minutes = { $m }분 { $s }초
time-hours = { $h }시간 { $m }분
time-days = { $d }일 { $h }시간

## What a field accepts

format-help-email = 이메일 주소, 예: {"\u2066"}{ $example }{"\u2069"}
format-help-uri = 전체 URI, 예: {"\u2066"}{ $example }{"\u2069"}
format-help-date-time = 오프셋이 포함된 날짜와 시간, 예: {"\u2066"}{ $example }{"\u2069"}
format-help-uuid = UUID, 예: {"\u2066"}{ $example }{"\u2069"}
format-help-time = 오프셋이 포함된 시간, 예: {"\u2066"}{ $example }{"\u2069"}
format-help-duration = 기간(ISO 8601), 예: {"\u2066"}{ $example }{"\u2069"}
format-help-ipv4 = IPv4 주소, 예: {"\u2066"}{ $example }{"\u2069"}
format-help-ipv6 = IPv6 주소, 예: {"\u2066"}{ $example }{"\u2069"}
format-help-hostname = 호스트 이름, 예: {"\u2066"}{ $example }{"\u2069"}
format-help-date = 날짜, {"\u2066"}YYYY-MM-DD{"\u2069"}
whole-number = 정수
exactly = 정확히 { $n }
range = { $min }~{ $max }
at-least = { $min } 이상
at-most = { $max } 이하
more-than = { $n } 초과
less-than = { $n } 미만
multiple-of = { $n }의 배수
characters-exactly = 정확히 { $n }자
characters-range = { $min }~{ $max }자
characters-at-least = { $min }자 이상
characters-at-most = { $max }자 이하
choose-exactly = 선택 개수: 정확히 { $n }
choose-range = 선택 개수: { $min }~{ $max }
choose-at-least = 선택 개수: { $min } 이상
choose-at-most = 선택 개수: { $max } 이하
# A field's description and what it accepts; a format and its limits; two limits of a list.
help-and-accepts = { $description } ({ $accepts })
format-and-limits = { $format }; { $limits }
limits-list = { $first }, { $rest }
must-be-ticked = 체크해야 함
must-be-unticked = 체크하지 않아야 함
must-match = 패턴 { $pattern }에 맞아야 함

## Problems

required = 필수 입력 항목입니다
problem-ticked = 계속하려면 체크해야 합니다
problem-unticked = 체크하지 않은 상태로 두어야 합니다
problem-choose-one = 옵션 중 하나를 선택하세요
problem-too-short = 최소 { $min }자(현재 { $now })
problem-too-long = 최대 { $max }자(현재 { $now })
problem-pattern = 예상한 형식이 아닙니다(패턴 { $pattern })
problem-pattern-slow = 제한 시간 안에 패턴 { $pattern } 검사를 마칠 수 없습니다(역추적이 너무 많음)
problem-too-large = 너무 큽니다: 정수는 { $min }부터 { $max }까지입니다
problem-too-near-zero = 0에 너무 가까워 입력한 그대로 보낼 수 없습니다: 0이나 0에서 더 먼 숫자를 입력하세요
problem-too-small = 너무 작습니다: 정수는 { $min }부터 { $max }까지입니다
problem-number-too-large = 너무 커서 보낼 수 없습니다: 보낼 수 있는 가장 큰 숫자는 { $max }입니다
problem-number-too-small = 너무 작아서 보낼 수 없습니다: 보낼 수 있는 가장 작은 숫자는 { $min }입니다
problem-too-precise = 자릿수가 너무 많아 정확히 보낼 수 없습니다: 보낼 수 있는 가장 가까운 숫자는 { $n }입니다
problem-whole-number = 정수를 입력하세요(예: 42)
problem-number = 숫자를 입력하세요(예: 2.5)
problem-at-least = { $n } 이상이어야 합니다
problem-at-most = { $n } 이하여야 합니다
problem-more-than = { $n }보다 커야 합니다
problem-less-than = { $n }보다 작아야 합니다
problem-multiple-of = { $n }의 배수여야 합니다
problem-choose-at-least = { $n }개 이상 선택하세요
problem-choose-at-most = { $n }개 이하로 선택하세요
problem-not-email = 이메일 주소가 아닙니다(예: {"\u2066"}{ $example }{"\u2069"})
problem-not-uri = 전체 URI가 아닙니다(예: {"\u2066"}{ $example }{"\u2069"})
problem-not-date = 날짜가 아닙니다(예: {"\u2066"}{ $example }{"\u2069"})
problem-not-date-time = 오프셋이 포함된 날짜와 시간이 아닙니다(예: {"\u2066"}{ $example }{"\u2069"})
problem-not-uuid = UUID가 아닙니다(예: {"\u2066"}{ $example }{"\u2069"})
problem-not-time = 오프셋이 포함된 시간이 아닙니다(예: {"\u2066"}{ $example }{"\u2069"})
problem-not-duration = ISO 8601 기간이 아닙니다(예: {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv4 = IPv4 주소가 아닙니다(예: {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv6 = IPv6 주소가 아닙니다(예: {"\u2066"}{ $example }{"\u2069"})
problem-not-hostname = 호스트 이름이 아닙니다(예: {"\u2066"}{ $example }{"\u2069"})
problem-internal = 내부 오류: 이 항목을 검사할 수 없습니다

## The terminal

term-pager-keys = PageDown/Space/Enter: 더 보기 · PageUp: 뒤로 · Esc: 취소
term-more-lines-below = 아래에 { $n }줄 더 있음: { $keys }
term-end-of-message = 메시지 끝: Enter로 계속 · PageUp: 뒤로 · Esc: 취소
term-answer-sent = 답변을 보냈습니다.
term-declined = 거절했습니다.
term-nothing-to-fill = 입력할 항목이 없습니다
term-fields = 필드 { $n }개
term-required-marked = { $fields }, *는 필수 항목
term-enter-keeps = Enter: 표시된 값 유지
term-esc-cancels = Esc 또는 Ctrl+C: 취소
term-answer-within = { $time } 안에 답변하세요
term-esc-cancel = { $keys } · Esc: 취소
term-review = 검토
term-no-fields = (필드 없음)
term-review-keys-none = Enter: 제출 · d: 거절 · c: 취소
term-review-keys-one = Enter: 제출 · 1: 필드 변경 · d: 거절 · c: 취소
term-review-keys-many = Enter: 제출 · 1-{ $n }: 필드 변경 · d: 거절 · c: 취소
term-review-help-none = Enter를 누르면 제출, d를 입력하면 거절, c를 입력하면 취소합니다
term-review-help-many = 필드 번호(1부터 { $n }까지)를 입력하거나, d로 거절, c로 취소합니다. Enter만 누르면 제출합니다
term-time-left = { $time } 남음
term-keys-date = Enter: 다음 · 위/아래: 하루 뒤/앞
term-keys-text = Enter: 다음 · Alt+Enter 또는 Ctrl+J: 줄 바꿈
term-keys-next = Enter: 다음
term-keys-boolean = y/n: 예/아니요 · Space: 전환 · Enter: 다음
term-keys-choice = 위/아래 또는 번호: 이동 · Enter: 선택
term-keys-multi = Space/번호: 체크 · 위/아래: 이동 · Enter: 다음
term-yes = 예
term-no = 아니요
term-no-answer-yet = (아직 답변 없음)
term-no-answer-row = 답변 없음
term-fixed = (고정: 그대로 전송됨)
term-more-above = (위에 { $n }개 더 있음)
term-more-below = (아래에 { $n }개 더 있음)
term-lines-above = (위에 { $n }줄 더 있음)
term-lines-below = (아래에 { $n }줄 더 있음)
term-line-cancels = Ctrl+C 또는 Ctrl+D: 취소
term-line-type-value = 값을 입력하고 Enter를 누르세요.
term-line-type-option = 선택할 항목의 번호를 입력하고 Enter를 누르세요.
term-line-type-options = 선택할 항목의 번호를 공백으로 구분해 입력하고(없으면 0) Enter를 누르세요.
term-line-type-yes-no = 예는 y, 아니요는 n을 입력하고 Enter를 누르세요.
term-line-now = 현재 값: { $text }. Enter만 누르면 그대로 둡니다.
term-no-answer = (답변 없음)
term-empty = (비어 있음)
term-none = (없음)
term-cancelled = 취소했습니다.
term-cancelled-eof = 입력 끝: 취소했습니다.
term-cancelled-timeout = 시간 초과: 취소했습니다.
term-cancelled-signal = 시그널로 중지됨: 취소했습니다.
term-cancelled-lost = 터미널 연결이 끊김: 취소했습니다.

## Signing in

sign-in-consent = { $server }을(를) 사용하려면 { $host }에 로그인하세요
sign-in-done = 로그인되었습니다. 이 페이지를 닫고 MCP 클라이언트로 돌아가세요.
# The name of the keyring item (GNOME Keyring, KWallet) that keeps a sign-in.
token-store-label = form-elicitation: { $server }의 MCP 로그인

## A run of forms (proxy)

queue-place = { $server }의 양식 { $total }개 중 { $n }번째
queue-place-unnamed = 양식 { $total }개 중 { $n }번째
queue-decline-all = { $count ->
   *[other] 대기 중인 { $count }개 모두 거절
}
queue-decline-all-tip = 이 양식과 뒤에서 기다리는 모든 양식에 거절로 답합니다
queue-confirm-question = { $count ->
   *[other] 이 양식을 포함해 { $count }개를 모두 거절할까요?
}
queue-confirm = 예, 모두 거절합니다
queue-keep = 아니요, 돌아갑니다
term-queue-keys = { $count ->
   *[other] a: 대기 중인 { $count }개 모두 거절
}
term-queue-confirm = { $count ->
   *[other] 이 양식을 포함해 { $count }개를 모두 거절할까요? y: 예 · 다른 키: 아니요
}
term-declined-all = { $count ->
   *[other] { $count }개를 모두 거절했습니다.
}

## Claude's questions (Claude Code's AskUserQuestion, through its PreToolUse hook)

question-other = 기타
question-other-tip = 위 선택지 대신 직접 답변을 입력할 수 있습니다
question-other-tip-many = 위에서 고른 선택지에 더해 직접 답변을 입력할 수 있습니다
draft-restored = { $time }에 클라이언트가 기다리기를 멈췄을 때 입력한 내용으로 채워져 있습니다. 확인한 뒤 보내세요.
client-stopped-waiting = 클라이언트 또는 서버가 이 답변을 더 기다리지 않으므로 이제 보낼 수 없습니다. "초안으로 보관"을 누르면 입력한 내용이 다음에 이 양식을 요청할 때를 위해 보관됩니다.
keep-draft = 초안으로 보관
keep-draft-tip = 이 서버가 다음에 이 양식을 요청할 때를 위해 입력한 내용을 보관합니다 (Enter). 아무것도 보내지 않습니다
