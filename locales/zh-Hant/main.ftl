# 繁體中文（臺灣）(Traditional Chinese, Taiwan)

## Who asks

window-title = { $server } 詢問
window-title-unnamed = MCP 伺服器詢問
notification-open = 開啟表單
notification-waiting = 有一份表單正在等待您的回答。
asks = { $server } 詢問：
asks-url = { $server } 要求您開啟一個網頁：
asks-url-unnamed = 某個 MCP 伺服器要求您開啟一個網頁：
asks-via = { $server } 透過 { $via } 詢問：
asks-url-via = { $server } 透過 { $via } 要求您開啟一個網頁：
window-title-via = { $server } 透過 { $via } 詢問
window-title-unnamed-via = MCP 伺服器透過 { $via } 詢問
window-title-titled-via = { $title }（透過 { $via }）
via-claimed = { $host }（自稱）
via-another-machine = 另一台電腦
via-claimed-through = { $host }（自稱）上的 { $via }
via-another-machine-through = 另一台電腦上的 { $via }

## Buttons

submit = 送出
submit-tip = 送出回答（Enter）
decline = 拒絕
decline-tip = 拒絕回答
cancel = 取消
cancel-tip = 不回答並關閉（Esc）
open-in-browser = 在瀏覽器中開啟
open-in-browser-tip = 在網頁瀏覽器中開啟此網址
back-to-form = 返回表單
link-consent = 此表單中的連結指向下方的網站。在瀏覽器中開啟之前請先核對；您已輸入的內容會保留在表單中。
decline-url-tip = 拒絕開啟

## The window

closes-in = { $time }後關閉
more-below = 下方還有內容：捲動或按 PageDown
required-tip = 必填
pick-date = 選擇日期
pick-date-for = 選擇「{ $field }」的日期
calendar-month-year = { $year }年{ $month ->
     [1] 1月
     [2] 2月
     [3] 3月
     [4] 4月
     [5] 5月
     [6] 6月
     [7] 7月
     [8] 8月
     [9] 9月
     [10] 10月
     [11] 11月
    *[12] 12月
}
calendar-weekday = { $day ->
     [1] 一
     [2] 二
     [3] 三
     [4] 四
     [5] 五
     [6] 六
    *[7] 日
}
calendar-previous-year = 上一年
calendar-previous-month = 上個月
calendar-next-month = 下個月
calendar-next-year = 下一年
calendar-cancel = 取消
calendar-save = 確定
pick-time = 時間
hour-for = 「{ $field }」的小時
minute-for = 「{ $field }」的分鐘
no-answer = 未回答
filter-choose = 輸入文字以篩選，上/下鍵選擇
filter-tick = 輸入文字以篩選，上/下鍵移動，空白鍵勾選
no-option-matches = 沒有符合篩選條件的選項
chosen = 已選：{ $choice }
chosen-none = 已選：無
chosen-count = 已選：{ $count }/{ $total }
clear = 清除
clear-tip = 此欄位不回答（在篩選框中按 Delete）
fixed-value = 固定值：依原樣傳送
number-hint = 數字
whole-number-hint = 整數

## URL mode

site = 網站：
written-as = 原始寫法：
url-full-tip = 「開啟」將載入的完整網址
url-normalised = 伺服器以不同的寫法提供此網址；此處依瀏覽器的解讀方式顯示。
warning = 警告：{ $text }
warn-not-https = 未加密（是 http 而非 https）：網路上的其他人可能讀取或竄改此頁面。
warn-international = 網站名稱含有非 ASCII 字母（punycode，xn--）：可能在模仿其他網站的名稱。
warn-ip = 此網站是單純的 IP 位址，而不是名稱。
warn-credentials = 連結在網站前帶有使用者名稱（user@），可藉此偽裝：真正的網站是 { $host }。
nothing-loaded = 在您按下「開啟」之前不會載入任何內容。
open-failed = 無法開啟瀏覽器：{ $reason }

## Time left

time-seconds = { $s } 秒
time-minutes = { $m } 分 { $s } 秒
time-hours = { $h } 小時 { $m } 分
time-days = { $d } 天 { $h } 小時

## What a field accepts

format-help-email = 電子郵件地址，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-uri = 完整的 URI，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-date-time = 含時區偏移的日期與時間，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-uuid = UUID，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-time = 含時區偏移的時間，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-duration = 時間長度（ISO 8601），例如 {"\u2066"}{ $example }{"\u2069"}
format-help-ipv4 = IPv4 位址，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-ipv6 = IPv6 位址，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-hostname = 主機名稱，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-date = 日期，{"\u2066"}YYYY-MM-DD{"\u2069"}
whole-number = 整數
exactly = 剛好 { $n }
range = { $min } 到 { $max }
at-least = 至少 { $min }
at-most = 最多 { $max }
more-than = 大於 { $n }
less-than = 小於 { $n }
multiple-of = { $n } 的倍數
characters-exactly = 剛好 { $n } 個字元
characters-range = { $min } 到 { $max } 個字元
characters-at-least = 至少 { $min } 個字元
characters-at-most = 最多 { $max } 個字元
choose-exactly = 選擇剛好 { $n } 項
choose-range = 選擇 { $min } 到 { $max } 項
choose-at-least = 選擇至少 { $min } 項
choose-at-most = 選擇最多 { $max } 項
# A field's description and what it accepts; a format and its limits; two limits of a list.
help-and-accepts = { $description }（{ $accepts }）
format-and-limits = { $format }；{ $limits }
limits-list = { $first }，{ $rest }
must-be-ticked = 必須勾選
must-be-unticked = 必須保持不勾選
must-match = 必須符合模式 { $pattern }

## Problems

required = 此欄位為必填
problem-ticked = 必須勾選才能繼續
problem-unticked = 必須保持不勾選
problem-choose-one = 請從選項中選擇一項
problem-too-short = 至少 { $min } 個字元（目前 { $now }）
problem-too-long = 最多 { $max } 個字元（目前 { $now }）
problem-pattern = 不符合預期格式（模式 { $pattern }）
problem-pattern-slow = 無法在時限內依模式 { $pattern } 完成檢查（回溯過多）
problem-too-large = 太大：整數範圍為 { $min } 到 { $max }
problem-too-near-zero = 太接近零，無法按輸入原樣傳送：請輸入 0 或離零更遠的數字
problem-too-small = 太小：整數範圍為 { $min } 到 { $max }
problem-number-too-large = 太大，無法傳送：可傳送的最大數字為 { $max }
problem-number-too-small = 太小，無法傳送：可傳送的最小數字為 { $min }
problem-too-precise = 位數太多，無法精確傳送：可傳送的最接近的數字為 { $n }
problem-whole-number = 請輸入整數（例如 42）
problem-number = 請輸入數字（例如 2.5）
problem-at-least = 不能小於 { $n }
problem-at-most = 不能大於 { $n }
problem-more-than = 必須大於 { $n }
problem-less-than = 必須小於 { $n }
problem-multiple-of = 必須是 { $n } 的倍數
problem-choose-at-least = 請至少選擇 { $n } 項
problem-choose-at-most = 最多只能選擇 { $n } 項
problem-not-email = 不是電子郵件地址（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-uri = 不是完整的 URI（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-date = 不是日期（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-date-time = 不是含時區偏移的日期與時間（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-uuid = 不是 UUID（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-time = 不是含時區偏移的時間（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-duration = 不是 ISO 8601 時間長度（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-ipv4 = 不是 IPv4 位址（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-ipv6 = 不是 IPv6 位址（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-hostname = 不是主機名稱（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-internal = 內部錯誤：無法檢查此欄位

## The terminal

term-pager-keys = PageDown/空白鍵/Enter：繼續 · PageUp：返回 · Esc：取消
term-more-lines-below = 下方還有 { $n } 行：{ $keys }
term-end-of-message = 訊息結束：按 Enter 繼續 · PageUp：返回 · Esc：取消
term-answer-sent = 已送出回答。
term-declined = 已拒絕。
term-nothing-to-fill = 沒有需要填寫的內容
term-fields = { $n } 個欄位
term-required-marked = { $fields }，* 表示必填欄位
term-enter-keeps = 按 Enter 保留目前顯示的值
term-esc-cancels = 按 Esc 或 Ctrl+C 取消
term-answer-within = 請在 { $time }內回答
term-esc-cancel = { $keys } · Esc：取消
term-review = 檢查
term-no-fields = （沒有欄位）
term-review-keys-none = Enter：送出 · d：拒絕 · c：取消
term-review-keys-one = Enter：送出 · 1：修改此欄位 · d：拒絕 · c：取消
term-review-keys-many = Enter：送出 · 1-{ $n }：修改欄位 · d：拒絕 · c：取消
term-review-help-none = 按 Enter 送出，或輸入 d 拒絕、輸入 c 取消
term-review-help-many = 輸入欄位編號（1 到 { $n }）進行修改，或輸入 d 拒絕、c 取消；直接按 Enter 即送出
term-time-left = 剩餘 { $time }
term-keys-date = Enter：下一項 · 上/下：後一天/前一天
term-keys-text = Enter：下一項 · Alt+Enter 或 Ctrl+J：換行
term-keys-next = Enter：下一項
term-keys-boolean = y/n：是/否 · 空白鍵：切換 · Enter：下一項
term-keys-choice = 上/下或數字：移動 · Enter：選擇
term-keys-multi = 空白鍵/數字：勾選 · 上/下：移動 · Enter：下一項
term-yes = 是
term-no = 否
term-no-answer-yet = （尚未回答）
term-no-answer-row = 未回答
term-fixed = （固定值：依原樣傳送）
term-more-above = （上方還有 { $n } 項）
term-more-below = （下方還有 { $n } 項）
term-lines-above = （上方還有 { $n } 行）
term-lines-below = （下方還有 { $n } 行）
term-line-cancels = 按 Ctrl+C 或 Ctrl+D 取消
term-line-type-value = 請輸入值並按 Enter。
term-line-type-option = 請輸入選項的編號並按 Enter。
term-line-type-options = 請輸入要勾選的選項編號，以空格分隔（0 表示不選），然後按 Enter。
term-line-type-yes-no = 輸入 y 表示是，n 表示否，然後按 Enter。
term-line-now = 目前的值：{ $text }。直接按 Enter 保留該值。
term-no-answer = （未回答）
term-empty = （空白）
term-none = （無）
term-cancelled = 已取消。
term-cancelled-eof = 輸入結束：已取消。
term-cancelled-timeout = 時間到：已取消。
term-cancelled-signal = 被訊號中止：已取消。
term-cancelled-lost = 終端機已中斷連線：已取消。

## Signing in

sign-in-consent = 為 { $server } 登入 { $host }
sign-in-done = 已登入。可以關閉此頁面並返回 MCP 用戶端。
# The name of the keyring item (GNOME Keyring, KWallet) that keeps a sign-in.
token-store-label = form-elicitation：{ $server } 的 MCP 登入

## A run of forms (proxy)

queue-place = 來自 { $server } 的表單，第 { $n } 個，共 { $total } 個
queue-place-unnamed = 表單第 { $n } 個，共 { $total } 個
queue-decline-all = { $count ->
   *[other] 拒絕全部 { $count } 個等待中的表單
}
queue-decline-all-tip = 對此表單及其後等待的每個表單都回答「拒絕」
queue-confirm-question = { $count ->
   *[other] 要拒絕全部 { $count } 個表單（包括此表單）嗎？
}
queue-confirm = 是，全部拒絕
queue-keep = 否，返回
term-queue-keys = { $count ->
   *[other] a：拒絕全部 { $count } 個等待中的表單
}
term-queue-confirm = { $count ->
   *[other] 要拒絕全部 { $count } 個表單（包括此表單）嗎？y：是 · 其他任意鍵：否
}
term-declined-all = { $count ->
   *[other] 已拒絕全部 { $count } 個表單。
}

## Claude's questions (Claude Code's AskUserQuestion, through its PreToolUse hook)

question-other = 其他
question-other-tip = 用您自己的話回答，取代上面的選項
question-other-tip-many = 用您自己的話回答，補充上面所選的選項
draft-restored = 已填入您在 { $time } 用戶端停止等待時輸入的內容。請檢查後再送出。
client-stopped-waiting = 用戶端或伺服器已停止等待此回答，因此無法再送出。「儲存為草稿」會保留您輸入的內容，供下次要求此表單時使用。
keep-draft = 儲存為草稿
keep-draft-tip = 保留您輸入的內容，供此伺服器下次要求此表單時使用（Enter）；不會送出任何內容
