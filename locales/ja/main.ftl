# 日本語 (Japanese)

## Who asks

window-title = { $server } からの質問
window-title-unnamed = MCP サーバーからの質問
notification-open = フォームを開く
notification-waiting = フォームがあなたの回答を待っています。
asks = { $server } からの質問:
asks-url = { $server } が Web ページを開くよう求めています:
asks-url-unnamed = MCP サーバーが Web ページを開くよう求めています:
asks-via = { $server } からの質問（{ $via } 経由）:
asks-url-via = { $server } が { $via } 経由で Web ページを開くよう求めています:
window-title-via = { $server } からの質問（{ $via } 経由）
window-title-unnamed-via = MCP サーバーからの質問（{ $via } 経由）
window-title-titled-via = { $title }（{ $via } 経由）
via-claimed = { $host }（自己申告）
via-another-machine = 別のマシン
via-claimed-through = { $host }（自己申告）上の { $via }
via-another-machine-through = 別のマシン上の { $via }

## Buttons

submit = 送信
submit-tip = 回答を送信します (Enter)
decline = 拒否
decline-tip = 回答を拒否します
cancel = キャンセル
cancel-tip = 回答せずに閉じます (Esc)
open-in-browser = ブラウザーで開く
open-in-browser-tip = このアドレスを Web ブラウザーで開きます
back-to-form = フォームに戻る
link-consent = このフォームのリンクは下のサイトにつながっています。ブラウザーで開く前に確認してください。入力した内容はフォームに残ります。
decline-url-tip = 開くのを拒否します

## The window

closes-in = { $time }後に閉じます
more-below = 下に続きがあります: スクロールするか PageDown を押してください
required-tip = 必須
pick-date = 日付を選択
pick-date-for = { $field } の日付を選択
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
     [1] 月
     [2] 火
     [3] 水
     [4] 木
     [5] 金
     [6] 土
    *[7] 日
}
calendar-previous-year = 前の年
calendar-previous-month = 前の月
calendar-next-month = 次の月
calendar-next-year = 次の年
calendar-cancel = キャンセル
calendar-save = 決定
pick-time = 時刻
hour-for = { $field } の時
minute-for = { $field } の分
no-answer = 回答なし
filter-choose = 入力で絞り込み、↑/↓ で選択
filter-tick = 入力で絞り込み、↑/↓ で移動、Space でチェック
no-option-matches = 絞り込みに一致する選択肢はありません
chosen = 選択: { $choice }
chosen-none = 選択: なし
chosen-count = 選択: { $count }/{ $total }
clear = クリア
clear-tip = この項目を回答なしにします (絞り込み欄で Delete)
fixed-value = 固定: そのまま送信されます
number-hint = 数値
whole-number-hint = 整数

## URL mode

site = サイト:
written-as = 元の表記:
url-full-tip = 「開く」で読み込まれる完全なアドレス
url-normalised = サーバーはこのアドレスを別の書き方で記述しました。ブラウザーが解釈する形で表示しています。
warning = 警告: { $text }
warn-not-https = 暗号化されていません (https ではなく http): ネットワーク上の他者がページを読んだり改ざんしたりできます。
warn-international = サイト名に ASCII 以外の文字が含まれています (punycode, xn--): 別のサイト名に見せかけている可能性があります。
warn-ip = サイトが名前ではなく IP アドレスそのものです。
warn-credentials = リンクのサイト名の前にユーザー名 (user@) が付いており、サイトを偽装できます: 実際のサイトは { $host } です。
nothing-loaded = 「開く」を押すまで何も読み込まれません。
open-failed = ブラウザーを開けませんでした: { $reason }

## Time left

time-seconds = { $s }秒
time-minutes = { $m }分{ $s }秒
time-hours = { $h }時間{ $m }分
time-days = { $d }日{ $h }時間

## What a field accepts

format-help-email = メールアドレス (例: {"\u2066"}{ $example }{"\u2069"})
format-help-uri = 完全な URI (例: {"\u2066"}{ $example }{"\u2069"})
format-help-date-time = オフセット付きの日時 (例: {"\u2066"}{ $example }{"\u2069"})
format-help-uuid = UUID (例: {"\u2066"}{ $example }{"\u2069"})
format-help-time = オフセット付きの時刻 (例: {"\u2066"}{ $example }{"\u2069"})
format-help-duration = 期間 (ISO 8601) (例: {"\u2066"}{ $example }{"\u2069"})
format-help-ipv4 = IPv4 アドレス (例: {"\u2066"}{ $example }{"\u2069"})
format-help-ipv6 = IPv6 アドレス (例: {"\u2066"}{ $example }{"\u2069"})
format-help-hostname = ホスト名 (例: {"\u2066"}{ $example }{"\u2069"})
format-help-date = 日付 ({"\u2066"}YYYY-MM-DD{"\u2069"})
whole-number = 整数
exactly = ちょうど{ $n }
range = { $min }～{ $max }
at-least = { $min }以上
at-most = { $max }以下
more-than = { $n }より大きい
less-than = { $n }未満
multiple-of = { $n }の倍数
characters-exactly = ちょうど{ $n }文字
characters-range = { $min }～{ $max }文字
characters-at-least = { $min }文字以上
characters-at-most = { $max }文字以下
choose-exactly = 選択数: ちょうど{ $n }
choose-range = 選択数: { $min }～{ $max }
choose-at-least = 選択数: { $min }以上
choose-at-most = 選択数: { $max }以下
# A field's description and what it accepts; a format and its limits; two limits of a list.
help-and-accepts = { $description }（{ $accepts }）
format-and-limits = { $format }。{ $limits }
limits-list = { $first }、{ $rest }
must-be-ticked = チェックが必要
must-be-unticked = チェックを外したままにする
must-match = パターン { $pattern } に一致すること

## Problems

required = この項目は必須です
problem-ticked = 続行するにはチェックが必要です
problem-unticked = チェックを外したままにしてください
problem-choose-one = 選択肢から 1 つ選んでください
problem-too-short = { $min }文字以上必要です (現在 { $now })
problem-too-long = { $max }文字以下にしてください (現在 { $now })
problem-pattern = 期待される形式ではありません (パターン { $pattern })
problem-pattern-slow = パターン { $pattern } による検査が時間内に終わりません (バックトラックが多すぎます)
problem-too-large = 大きすぎます: 整数は { $min }～{ $max } の範囲です
problem-too-near-zero = 0 に近すぎて入力どおりに送信できません: 0 か、0 からもっと離れた数値を入力してください
problem-too-small = 小さすぎます: 整数は { $min }～{ $max } の範囲です
problem-number-too-large = 大きすぎて送信できません: 送信できる最大の数値は { $max } です
problem-number-too-small = 小さすぎて送信できません: 送信できる最小の数値は { $min } です
problem-too-precise = 桁数が多すぎて正確に送信できません: 送信できる最も近い数値は { $n } です
problem-whole-number = 整数を入力してください (例: 42)
problem-number = 数値を入力してください (例: 2.5)
problem-at-least = { $n }以上にしてください
problem-at-most = { $n }以下にしてください
problem-more-than = { $n }より大きくしてください
problem-less-than = { $n }未満にしてください
problem-multiple-of = { $n }の倍数にしてください
problem-choose-at-least = { $n }個以上選んでください
problem-choose-at-most = 選べるのは{ $n }個までです
problem-not-email = メールアドレスではありません (例: {"\u2066"}{ $example }{"\u2069"})
problem-not-uri = 完全な URI ではありません (例: {"\u2066"}{ $example }{"\u2069"})
problem-not-date = 日付ではありません (例: {"\u2066"}{ $example }{"\u2069"})
problem-not-date-time = オフセット付きの日時ではありません (例: {"\u2066"}{ $example }{"\u2069"})
problem-not-uuid = UUID ではありません (例: {"\u2066"}{ $example }{"\u2069"})
problem-not-time = オフセット付きの時刻ではありません (例: {"\u2066"}{ $example }{"\u2069"})
problem-not-duration = ISO 8601 の期間ではありません (例: {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv4 = IPv4 アドレスではありません (例: {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv6 = IPv6 アドレスではありません (例: {"\u2066"}{ $example }{"\u2069"})
problem-not-hostname = ホスト名ではありません (例: {"\u2066"}{ $example }{"\u2069"})
problem-internal = 内部エラー: この項目を検査できません

## The terminal

term-pager-keys = PageDown/Space/Enter: 続き · PageUp: 戻る · Esc: キャンセル
term-more-lines-below = 下にあと{ $n }行: { $keys }
term-end-of-message = メッセージの終わり: Enter で続行 · PageUp: 戻る · Esc: キャンセル
term-answer-sent = 回答を送信しました。
term-declined = 拒否しました。
term-nothing-to-fill = 入力する項目はありません
term-fields = { $n }個の項目
term-required-marked = { $fields }、* は必須
term-enter-keeps = Enter で表示中の値のまま
term-esc-cancels = Esc または Ctrl+C でキャンセル
term-answer-within = { $time }以内に回答してください
term-esc-cancel = { $keys } · Esc: キャンセル
term-review = 確認
term-no-fields = (項目なし)
term-review-keys-none = Enter: 送信 · d: 拒否 · c: キャンセル
term-review-keys-one = Enter: 送信 · 1: 項目を変更 · d: 拒否 · c: キャンセル
term-review-keys-many = Enter: 送信 · 1-{ $n }: 項目を変更 · d: 拒否 · c: キャンセル
term-review-help-none = Enter で送信、d で拒否、c でキャンセルします
term-review-help-many = 変更する項目の番号 (1～{ $n }) を入力するか、d で拒否、c でキャンセルします。Enter だけで送信します
term-time-left = 残り{ $time }
term-keys-date = Enter: 次へ · ↑/↓: 1 日後/前
term-keys-text = Enter: 次へ · Alt+Enter または Ctrl+J: 改行
term-keys-next = Enter: 次へ
term-keys-boolean = y/n: はい/いいえ · Space: 切り替え · Enter: 次へ
term-keys-choice = ↑/↓ または番号: 移動 · Enter: 選択
term-keys-multi = Space/番号: チェック · ↑/↓: 移動 · Enter: 次へ
term-yes = はい
term-no = いいえ
term-no-answer-yet = (未回答)
term-no-answer-row = 回答なし
term-fixed = (固定: そのまま送信)
term-more-above = (上にあと{ $n }件)
term-more-below = (下にあと{ $n }件)
term-lines-above = (上にあと{ $n }行)
term-lines-below = (下にあと{ $n }行)
term-line-cancels = Ctrl+C または Ctrl+D でキャンセル
term-line-type-value = 値を入力して Enter を押してください。
term-line-type-option = 選択肢の番号を入力して Enter を押してください。
term-line-type-options = 選ぶ選択肢の番号をスペースで区切って入力し (なしは 0)、Enter を押してください。
term-line-type-yes-no = はいなら y、いいえなら n を入力して Enter を押してください。
term-line-now = 現在の値: { $text }。Enter だけでこの値のままです。
term-no-answer = (回答なし)
term-empty = (空)
term-none = (なし)
term-cancelled = キャンセルしました。
term-cancelled-eof = 入力の終わり: キャンセルしました。
term-cancelled-timeout = 時間切れ: キャンセルしました。
term-cancelled-signal = シグナルで停止: キャンセルしました。
term-cancelled-lost = 端末との接続が切れました: キャンセルしました。

## Signing in

sign-in-consent = { $server } を使うために { $host } にサインインします
sign-in-done = サインインしました。このページを閉じて MCP クライアントに戻ってください。
# The name of the keyring item (GNOME Keyring, KWallet) that keeps a sign-in.
token-store-label = form-elicitation: { $server } の MCP サインイン

## A run of forms (proxy)

queue-place = { $server } からのフォーム { $total } 件中 { $n } 件目
queue-place-unnamed = フォーム { $total } 件中 { $n } 件目
queue-decline-all = { $count ->
   *[other] 待機中の { $count } 件をすべて拒否
}
queue-decline-all-tip = このフォームと、後ろで待っているすべてのフォームに「拒否」と答えます
queue-confirm-question = { $count ->
   *[other] このフォームを含む { $count } 件すべてを拒否しますか？
}
queue-confirm = はい、すべて拒否します
queue-keep = いいえ、戻ります
term-queue-keys = { $count ->
   *[other] a: 待機中の { $count } 件をすべて拒否
}
term-queue-confirm = { $count ->
   *[other] このフォームを含む { $count } 件すべてを拒否しますか？ y: はい · その他のキー: いいえ
}
term-declined-all = { $count ->
   *[other] { $count } 件すべてを拒否しました。
}

## Claude's questions (Claude Code's AskUserQuestion, through its PreToolUse hook)

question-other = その他
question-other-tip = 上の選択肢の代わりに、自分の言葉で回答できます
question-other-tip-many = 上で選んだ選択肢に加えて、自分の言葉で回答できます
draft-restored = { $time } にクライアントが待つのをやめたとき入力されていた内容で埋めてあります。確認してから送信してください。
client-stopped-waiting = クライアントまたはサーバーがこの回答を待つのをやめたため、もう送信できません。「下書きとして保存」を押すと、入力した内容が次にこのフォームが求められたときのために保存されます。
keep-draft = 下書きとして保存
keep-draft-tip = このサーバーが次にこのフォームを求めたときのために入力内容を保存します (Enter)。何も送信されません
