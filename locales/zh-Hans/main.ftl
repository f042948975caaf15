# 简体中文 (Simplified Chinese)

## Who asks

window-title = { $server } 询问
window-title-unnamed = MCP 服务器询问
notification-open = 打开表单
notification-waiting = 有一个表单正在等待您的回答。
asks = { $server } 询问：
asks-url = { $server } 请求您打开一个网页：
asks-url-unnamed = 一个 MCP 服务器请求您打开一个网页：
asks-via = { $server } 通过 { $via } 询问：
asks-url-via = { $server } 通过 { $via } 请求您打开一个网页：
window-title-via = { $server } 通过 { $via } 询问
window-title-unnamed-via = MCP 服务器通过 { $via } 询问
window-title-titled-via = { $title }（通过 { $via }）
via-claimed = { $host }（自称）
via-another-machine = 另一台机器
via-claimed-through = { $host }（自称）上的 { $via }
via-another-machine-through = 另一台机器上的 { $via }

## Buttons

submit = 提交
submit-tip = 发送回答（Enter）
decline = 拒绝
decline-tip = 拒绝回答
cancel = 取消
cancel-tip = 不回答并关闭（Esc）
open-in-browser = 在浏览器中打开
open-in-browser-tip = 在网页浏览器中打开此地址
back-to-form = 返回表单
link-consent = 此表单中的链接指向下面的网站。在浏览器中打开之前请先核对；您已输入的内容会保留在表单中。
decline-url-tip = 拒绝打开

## The window

closes-in = { $time }后关闭
more-below = 下方还有内容：滚动或按 PageDown
required-tip = 必填
pick-date = 选择日期
pick-date-for = 为“{ $field }”选择日期
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
calendar-previous-month = 上个月
calendar-next-month = 下个月
calendar-next-year = 下一年
calendar-cancel = 取消
calendar-save = 确定
pick-time = 时间
hour-for = “{ $field }”的小时
minute-for = “{ $field }”的分钟
no-answer = 无回答
filter-choose = 输入以筛选，上/下键选择
filter-tick = 输入以筛选，上/下键移动，空格键勾选
no-option-matches = 没有与筛选条件匹配的选项
chosen = 已选：{ $choice }
chosen-none = 已选：无
chosen-count = 已选：{ $count }/{ $total }
clear = 清除
clear-tip = 此字段不作回答（在筛选框中按 Delete）
fixed-value = 固定值：按原样发送
number-hint = 数字
whole-number-hint = 整数

## URL mode

site = 网站：
written-as = 原始写法：
url-full-tip = “打开”将加载的完整地址
url-normalised = 服务器以不同的写法给出了此地址；此处按浏览器的解读方式显示。
warning = 警告：{ $text }
warn-not-https = 未加密（是 http 而非 https）：网络上的其他人可能读取或篡改该页面。
warn-international = 网站名称包含非 ASCII 字母（punycode，xn--）：它可能在模仿其他网站的名称。
warn-ip = 该网站是一个纯 IP 地址，而不是名称。
warn-credentials = 链接在网站前带有用户名（user@），可借此伪装：真正的网站是 { $host }。
nothing-loaded = 在您按下“打开”之前不会加载任何内容。
open-failed = 无法打开浏览器：{ $reason }

## Time left

time-seconds = { $s } 秒
time-minutes = { $m } 分 { $s } 秒
time-hours = { $h } 小时 { $m } 分
time-days = { $d } 天 { $h } 小时

## What a field accepts

format-help-email = 电子邮件地址，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-uri = 完整的 URI，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-date-time = 带时区偏移的日期和时间，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-uuid = UUID，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-time = 带时区偏移的时间，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-duration = 时长（ISO 8601），例如 {"\u2066"}{ $example }{"\u2069"}
format-help-ipv4 = IPv4 地址，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-ipv6 = IPv6 地址，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-hostname = 主机名，例如 {"\u2066"}{ $example }{"\u2069"}
format-help-date = 日期，{"\u2066"}YYYY-MM-DD{"\u2069"}
whole-number = 整数
exactly = 恰好 { $n }
range = { $min } 到 { $max }
at-least = 至少 { $min }
at-most = 最多 { $max }
more-than = 大于 { $n }
less-than = 小于 { $n }
multiple-of = { $n } 的倍数
characters-exactly = 恰好 { $n } 个字符
characters-range = { $min } 到 { $max } 个字符
characters-at-least = 至少 { $min } 个字符
characters-at-most = 最多 { $max } 个字符
choose-exactly = 选择恰好 { $n } 项
choose-range = 选择 { $min } 到 { $max } 项
choose-at-least = 选择至少 { $min } 项
choose-at-most = 选择最多 { $max } 项
# A field's description and what it accepts; a format and its limits; two limits of a list.
help-and-accepts = { $description }（{ $accepts }）
format-and-limits = { $format }；{ $limits }
limits-list = { $first }，{ $rest }
must-be-ticked = 必须勾选
must-be-unticked = 必须保持未勾选
must-match = 必须符合模式 { $pattern }

## Problems

required = 此字段为必填项
problem-ticked = 必须勾选才能继续
problem-unticked = 必须保持未勾选
problem-choose-one = 请从选项中选择一项
problem-too-short = 至少 { $min } 个字符（当前 { $now }）
problem-too-long = 最多 { $max } 个字符（当前 { $now }）
problem-pattern = 不符合预期格式（模式 { $pattern }）
problem-pattern-slow = 无法在限定时间内按模式 { $pattern } 完成检查（回溯过多）
problem-too-large = 太大：整数范围为 { $min } 到 { $max }
problem-too-near-zero = 太接近零，无法按输入原样发送：请输入 0 或离零更远的数字
problem-too-small = 太小：整数范围为 { $min } 到 { $max }
problem-number-too-large = 太大，无法发送：可发送的最大数字为 { $max }
problem-number-too-small = 太小，无法发送：可发送的最小数字为 { $min }
problem-too-precise = 位数太多，无法精确发送：可发送的最接近的数字为 { $n }
problem-whole-number = 请输入整数（例如 42）
problem-number = 请输入数字（例如 2.5）
problem-at-least = 不能小于 { $n }
problem-at-most = 不能大于 { $n }
problem-more-than = 必须大于 { $n }
problem-less-than = 必须小于 { $n }
problem-multiple-of = 必须是 { $n } 的倍数
problem-choose-at-least = 请至少选择 { $n } 项
problem-choose-at-most = 最多只能选择 { $n } 项
problem-not-email = 不是电子邮件地址（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-uri = 不是完整的 URI（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-date = 不是日期（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-date-time = 不是带时区偏移的日期和时间（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-uuid = 不是 UUID（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-time = 不是带时区偏移的时间（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-duration = 不是 ISO 8601 时长（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-ipv4 = 不是 IPv4 地址（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-ipv6 = 不是 IPv6 地址（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-not-hostname = 不是主机名（例如 {"\u2066"}{ $example }{"\u2069"}）
problem-internal = 内部错误：无法检查此字段

## The terminal

term-pager-keys = PageDown/空格/Enter：继续 · PageUp：返回 · Esc：取消
term-more-lines-below = 下方还有 { $n } 行：{ $keys }
term-end-of-message = 消息结束：按 Enter 继续 · PageUp：返回 · Esc：取消
term-answer-sent = 已发送回答。
term-declined = 已拒绝。
term-nothing-to-fill = 没有需要填写的内容
term-fields = { $n } 个字段
term-required-marked = { $fields }，* 表示必填项
term-enter-keeps = 按 Enter 保留当前显示的值
term-esc-cancels = 按 Esc 或 Ctrl+C 取消
term-answer-within = 请在 { $time }内回答
term-esc-cancel = { $keys } · Esc：取消
term-review = 核对
term-no-fields = （无字段）
term-review-keys-none = Enter：提交 · d：拒绝 · c：取消
term-review-keys-one = Enter：提交 · 1：修改该字段 · d：拒绝 · c：取消
term-review-keys-many = Enter：提交 · 1-{ $n }：修改字段 · d：拒绝 · c：取消
term-review-help-none = 按 Enter 提交，或输入 d 拒绝、输入 c 取消
term-review-help-many = 输入字段编号（1 到 { $n }）进行修改，或输入 d 拒绝、c 取消；直接按 Enter 即提交
term-time-left = 剩余 { $time }
term-keys-date = Enter：下一项 · 上/下：后一天/前一天
term-keys-text = Enter：下一项 · Alt+Enter 或 Ctrl+J：换行
term-keys-next = Enter：下一项
term-keys-boolean = y/n：是/否 · 空格：切换 · Enter：下一项
term-keys-choice = 上/下或数字：移动 · Enter：选择
term-keys-multi = 空格/数字：勾选 · 上/下：移动 · Enter：下一项
term-yes = 是
term-no = 否
term-no-answer-yet = （尚未回答）
term-no-answer-row = 无回答
term-fixed = （固定值：按原样发送）
term-more-above = （上方还有 { $n } 项）
term-more-below = （下方还有 { $n } 项）
term-lines-above = （上方还有 { $n } 行）
term-lines-below = （下方还有 { $n } 行）
term-line-cancels = 按 Ctrl+C 或 Ctrl+D 取消
term-line-type-value = 请输入值并按 Enter。
term-line-type-option = 请输入选项的编号并按 Enter。
term-line-type-options = 请输入要勾选的选项编号，用空格分隔（0 表示不选），然后按 Enter。
term-line-type-yes-no = 输入 y 表示是，n 表示否，然后按 Enter。
term-line-now = 当前值：{ $text }。直接按 Enter 保留该值。
term-no-answer = （无回答）
term-empty = （空）
term-none = （无）
term-cancelled = 已取消。
term-cancelled-eof = 输入结束：已取消。
term-cancelled-timeout = 时间已到：已取消。
term-cancelled-signal = 被信号中止：已取消。
term-cancelled-lost = 终端已断开：已取消。

## Signing in

sign-in-consent = 为 { $server } 登录 { $host }
sign-in-done = 已登录。可以关闭此页面并返回 MCP 客户端。
# The name of the keyring item (GNOME Keyring, KWallet) that keeps a sign-in.
token-store-label = form-elicitation：{ $server } 的 MCP 登录

## A run of forms (proxy)

queue-place = 来自 { $server } 的表单，第 { $n } 个，共 { $total } 个
queue-place-unnamed = 表单第 { $n } 个，共 { $total } 个
queue-decline-all = { $count ->
   *[other] 拒绝全部 { $count } 个等待中的表单
}
queue-decline-all-tip = 对此表单及其后等待的每个表单都回答“拒绝”
queue-confirm-question = { $count ->
   *[other] 要拒绝全部 { $count } 个表单（包括此表单）吗？
}
queue-confirm = 是，全部拒绝
queue-keep = 否，返回
term-queue-keys = { $count ->
   *[other] a：拒绝全部 { $count } 个等待中的表单
}
term-queue-confirm = { $count ->
   *[other] 要拒绝全部 { $count } 个表单（包括此表单）吗？y：是 · 其他任意键：否
}
term-declined-all = { $count ->
   *[other] 已拒绝全部 { $count } 个表单。
}

## Claude's questions (Claude Code's AskUserQuestion, through its PreToolUse hook)

question-other = 其他
question-other-tip = 用您自己的话回答，代替上面的选项
question-other-tip-many = 用您自己的话回答，补充上面所选的选项
draft-restored = 已填入您在 { $time } 客户端停止等待时输入的内容。请检查后再提交。
client-stopped-waiting = 客户端或服务器已停止等待此回答，因此无法再发送。“保存为草稿”会保留您输入的内容，供下次请求此表单时使用。
keep-draft = 保存为草稿
keep-draft-tip = 保留您输入的内容，供此服务器下次请求此表单时使用（Enter）；不会发送任何内容
