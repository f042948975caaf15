# Português do Brasil (Brazilian Portuguese)

## Who asks

window-title = { $server } pergunta
window-title-unnamed = Um servidor MCP pergunta
notification-open = Abrir o formulário
notification-waiting = Um formulário está aguardando sua resposta.
asks = { $server } pergunta:
asks-url = { $server } pede que você abra uma página web:
asks-url-unnamed = Um servidor MCP pede que você abra uma página web:
asks-via = { $server } pergunta via { $via }:
asks-url-via = { $server } pede, via { $via }, que você abra uma página web:
window-title-via = { $server } pergunta, via { $via }
window-title-unnamed-via = Um servidor MCP pergunta, via { $via }
window-title-titled-via = { $title }, via { $via }
via-claimed = { $host } (segundo diz)
via-another-machine = outra máquina
via-claimed-through = { $via }, em { $host } (segundo diz)
via-another-machine-through = { $via }, em outra máquina

## Buttons

submit = Enviar
submit-tip = Enviar a resposta (Enter)
decline = Recusar
decline-tip = Recusar-se a responder
cancel = Cancelar
cancel-tip = Fechar sem responder (Esc)
open-in-browser = Abrir no navegador
open-in-browser-tip = Abrir este endereço no seu navegador web
back-to-form = Voltar ao formulário
link-consent = Um link deste formulário leva ao site abaixo. Confira-o antes de abri-lo no navegador: o formulário mantém o que você digitou.
decline-url-tip = Recusar-se a abri-lo

## The window

closes-in = Fecha em { $time }
more-below = Há mais abaixo: role ou pressione Page Down
required-tip = Obrigatório
pick-date = Escolher data
pick-date-for = Escolher data para { $field }
calendar-month-year = { $month ->
     [1] janeiro
     [2] fevereiro
     [3] março
     [4] abril
     [5] maio
     [6] junho
     [7] julho
     [8] agosto
     [9] setembro
     [10] outubro
     [11] novembro
    *[12] dezembro
} de { $year }
calendar-weekday = { $day ->
     [1] seg
     [2] ter
     [3] qua
     [4] qui
     [5] sex
     [6] sáb
    *[7] dom
}
calendar-previous-year = Ano anterior
calendar-previous-month = Mês anterior
calendar-next-month = Próximo mês
calendar-next-year = Próximo ano
calendar-cancel = Cancelar
calendar-save = Confirmar
pick-time = Horário
hour-for = Hora para { $field }
minute-for = Minuto para { $field }
no-answer = Sem resposta
filter-choose = Digite para filtrar, Cima/Baixo para escolher
filter-tick = Digite para filtrar, Cima/Baixo para mover, Espaço para marcar
no-option-matches = Nenhuma opção corresponde ao filtro
chosen = Escolhido: { $choice }
chosen-none = Escolhido: nenhum
chosen-count = Escolhidos: { $count } de { $total }
clear = Limpar
clear-tip = Sem resposta para este campo (Delete na caixa de filtro)
fixed-value = fixo: enviado como está
number-hint = número
whole-number-hint = número inteiro

## URL mode

site = Site:
written-as = Escrito como:
url-full-tip = O endereço completo que “Abrir” carregará
url-normalised = O servidor escreveu este endereço de outra forma; ele é mostrado como o seu navegador o lê.
warning = Aviso: { $text }
warn-not-https = Não criptografado (http, não https): outras pessoas na rede poderiam ler ou alterar a página.
warn-international = O nome do site tem letras não ASCII (punycode, xn--): ele pode imitar a aparência do nome de outro site.
warn-ip = O site é apenas um endereço IP, não um nome.
warn-credentials = O link traz um nome de usuário antes do site (user@), o que pode disfarçá-lo: o site real é { $host }.
nothing-loaded = Nada é carregado até você pressionar “Abrir”.
open-failed = Não foi possível abrir o navegador: { $reason }

## Time left

time-seconds = { $s } s
time-minutes = { $m } min { $s } s
time-hours = { $h } h { $m } min
time-days = { $d } d { $h } h

## What a field accepts

format-help-email = um endereço de e-mail, por exemplo {"\u2066"}{ $example }{"\u2069"}
format-help-uri = um URI completo, por exemplo {"\u2066"}{ $example }{"\u2069"}
format-help-date-time = uma data e hora com fuso horário, por exemplo {"\u2066"}{ $example }{"\u2069"}
format-help-uuid = um UUID, por exemplo {"\u2066"}{ $example }{"\u2069"}
format-help-time = uma hora com fuso horário, por exemplo {"\u2066"}{ $example }{"\u2069"}
format-help-duration = uma duração (ISO 8601), por exemplo {"\u2066"}{ $example }{"\u2069"}
format-help-ipv4 = um endereço IPv4, por exemplo {"\u2066"}{ $example }{"\u2069"}
format-help-ipv6 = um endereço IPv6, por exemplo {"\u2066"}{ $example }{"\u2069"}
format-help-hostname = um nome de host, por exemplo {"\u2066"}{ $example }{"\u2069"}
format-help-date = uma data, {"\u2066"}YYYY-MM-DD{"\u2069"}
whole-number = um número inteiro
exactly = exatamente { $n }
range = de { $min } a { $max }
at-least = no mínimo { $min }
at-most = no máximo { $max }
more-than = maior que { $n }
less-than = menor que { $n }
multiple-of = um múltiplo de { $n }
characters-exactly = exatamente { $n ->
    [one] { $n } caractere
   *[other] { $n } caracteres
}
characters-range = de { $min } a { $max } caracteres
characters-at-least = no mínimo { $min ->
    [one] { $min } caractere
   *[other] { $min } caracteres
}
characters-at-most = no máximo { $max ->
    [one] { $max } caractere
   *[other] { $max } caracteres
}
choose-exactly = escolher exatamente { $n }
choose-range = escolher de { $min } a { $max }
choose-at-least = escolher no mínimo { $min }
choose-at-most = escolher no máximo { $max }
# A field's description and what it accepts; a format and its limits; two limits of a list.
help-and-accepts = { $description } ({ $accepts })
format-and-limits = { $format }; { $limits }
limits-list = { $first }, { $rest }
must-be-ticked = deve ser marcado
must-be-unticked = deve ficar desmarcado
must-match = deve corresponder ao padrão { $pattern }

## Problems

required = Este campo é obrigatório
problem-ticked = Deve ser marcado para continuar
problem-unticked = Deve ficar desmarcado
problem-choose-one = Escolha uma das opções
problem-too-short = No mínimo { $min ->
    [one] { $min } caractere
   *[other] { $min } caracteres
} (agora { $now })
problem-too-long = No máximo { $max ->
    [one] { $max } caractere
   *[other] { $max } caracteres
} (agora { $now })
problem-pattern = Não tem a forma esperada (padrão { $pattern })
problem-pattern-slow = Não é possível verificar a tempo com o padrão { $pattern } (retrocede demais)
problem-too-large = Grande demais: números inteiros vão de { $min } a { $max }
problem-too-near-zero = Próximo demais de zero para ser enviado como digitado: digite 0 ou um número mais distante de zero
problem-too-small = Pequeno demais: números inteiros vão de { $min } a { $max }
problem-number-too-large = Grande demais para ser enviado: o maior número que pode ser enviado é { $max }
problem-number-too-small = Pequeno demais para ser enviado: o menor número que pode ser enviado é { $min }
problem-too-precise = Dígitos demais para ser enviado com exatidão: o número mais próximo que pode ser enviado é { $n }
problem-whole-number = Digite um número inteiro (por exemplo, 42)
problem-number = Digite um número (por exemplo, 2.5)
problem-at-least = Deve ser no mínimo { $n }
problem-at-most = Deve ser no máximo { $n }
problem-more-than = Deve ser maior que { $n }
problem-less-than = Deve ser menor que { $n }
problem-multiple-of = Deve ser um múltiplo de { $n }
problem-choose-at-least = Escolha no mínimo { $n ->
    [one] { $n } opção
   *[other] { $n } opções
}
problem-choose-at-most = Escolha no máximo { $n ->
    [one] { $n } opção
   *[other] { $n } opções
}
problem-not-email = Não é um endereço de e-mail (por exemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-uri = Não é um URI completo (por exemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-date = Não é uma data (por exemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-date-time = Não é uma data e hora com fuso horário (por exemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-uuid = Não é um UUID (por exemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-time = Não é uma hora com fuso horário (por exemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-duration = Não é uma duração ISO 8601 (por exemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv4 = Não é um endereço IPv4 (por exemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-ipv6 = Não é um endereço IPv6 (por exemplo, {"\u2066"}{ $example }{"\u2069"})
problem-not-hostname = Não é um nome de host (por exemplo, {"\u2066"}{ $example }{"\u2069"})
problem-internal = Erro interno: não é possível verificar este campo

## The terminal

term-pager-keys = PageDown/Espaço/Enter: mais · PageUp: voltar · Esc: cancelar
term-more-lines-below = { $n ->
    [one] Mais { $n } linha abaixo
   *[other] Mais { $n } linhas abaixo
}: { $keys }
term-end-of-message = Fim da mensagem: Enter para continuar · PageUp: voltar · Esc: cancelar
term-answer-sent = Resposta enviada.
term-declined = Recusado.
term-nothing-to-fill = Nada para preencher
term-fields = { $n ->
    [one] { $n } campo
   *[other] { $n } campos
}
term-required-marked = { $fields }, * indica os obrigatórios
term-enter-keeps = Enter mantém o que está exibido
term-esc-cancels = Esc ou Ctrl+C cancela
term-answer-within = Responda em até { $time }
term-esc-cancel = { $keys } · Esc: cancelar
term-review = Revisão
term-no-fields = (nenhum campo)
term-review-keys-none = Enter: enviar · d: recusar · c: cancelar
term-review-keys-one = Enter: enviar · 1: alterar o campo · d: recusar · c: cancelar
term-review-keys-many = Enter: enviar · 1-{ $n }: alterar um campo · d: recusar · c: cancelar
term-review-help-none = Pressione Enter para enviar, ou digite d para recusar ou c para cancelar
term-review-help-many = Digite um número de campo de 1 a { $n }, ou d para recusar, c para cancelar; Enter sozinho envia
term-time-left = restam { $time }
term-keys-date = Enter: próximo · Cima/Baixo: um dia depois/antes
term-keys-text = Enter: próximo · Alt+Enter ou Ctrl+J: nova linha
term-keys-next = Enter: próximo
term-keys-boolean = y/n: sim/não · Espaço: alternar · Enter: próximo
term-keys-choice = Cima/Baixo ou um número: mover · Enter: escolher
term-keys-multi = Espaço/número: marcar · Cima/Baixo: mover · Enter: próximo
term-yes = Sim
term-no = Não
term-no-answer-yet = (ainda sem resposta)
term-no-answer-row = sem resposta
term-fixed = (fixo: enviado como está)
term-more-above = (mais { $n } acima)
term-more-below = (mais { $n } abaixo)
term-lines-above = { $n ->
    [one] (mais 1 linha acima)
   *[other] (mais { $n } linhas acima)
}
term-lines-below = { $n ->
    [one] (mais 1 linha abaixo)
   *[other] (mais { $n } linhas abaixo)
}
term-line-cancels = Ctrl+C ou Ctrl+D cancela
term-line-type-value = Digite o valor e pressione Enter.
term-line-type-option = Digite o número da opção e pressione Enter.
term-line-type-options = Digite os números das opções a marcar, separados por espaços (0 para nenhuma), e pressione Enter.
term-line-type-yes-no = Digite y para sim ou n para não e pressione Enter.
term-line-now = Agora: { $text }. Enter sozinho mantém o valor.
term-no-answer = (sem resposta)
term-empty = (vazio)
term-none = (nenhum)
term-cancelled = Cancelado.
term-cancelled-eof = Fim da entrada: cancelado.
term-cancelled-timeout = O tempo acabou: cancelado.
term-cancelled-signal = Interrompido por um sinal: cancelado.
term-cancelled-lost = O terminal foi perdido: cancelado.

## Signing in

sign-in-consent = Entrar em { $host } para { $server }
sign-in-done = Você entrou. Pode fechar esta página e voltar ao seu cliente MCP.
# The name of the keyring item (GNOME Keyring, KWallet) that keeps a sign-in.
token-store-label = form-elicitation: login MCP para { $server }

## A run of forms (proxy)

queue-place = Formulário { $n } de { $total } de { $server }
queue-place-unnamed = Formulário { $n } de { $total }
queue-decline-all = { $count ->
    [one] Recusar o 1 em espera
   *[other] Recusar todos os { $count } em espera
}
queue-decline-all-tip = Responder "recusar" a este formulário e a todos os que esperam atrás dele
queue-confirm-question = { $count ->
    [one] Recusar este formulário?
   *[other] Recusar todos os { $count } formulários, incluindo este?
}
queue-confirm = Sim, recusar todos
queue-keep = Não, voltar
term-queue-keys = { $count ->
    [one] a: recusar o 1 em espera
   *[other] a: recusar todos os { $count } em espera
}
term-queue-confirm = { $count ->
    [one] Recusar este formulário? y: sim · qualquer outra tecla: não
   *[other] Recusar todos os { $count } formulários, incluindo este? y: sim · qualquer outra tecla: não
}
term-declined-all = { $count ->
    [one] 1 formulário recusado.
   *[other] Todos os { $count } formulários recusados.
}

## Claude's questions (Claude Code's AskUserQuestion, through its PreToolUse hook)

question-other = Outra
question-other-tip = Sua própria resposta, no lugar de uma das opções acima
question-other-tip-many = Sua própria resposta, além das opções escolhidas acima
draft-restored = Preenchido com o que você digitou em { $time }, quando o cliente parou de esperar. Confira e depois envie.
client-stopped-waiting = O cliente ou o servidor parou de esperar por esta resposta, então ela não pode mais ser enviada. “Guardar como rascunho” mantém o que você digitou para a próxima vez que este formulário for pedido.
keep-draft = Guardar como rascunho
keep-draft-tip = Manter o que você digitou para a próxima vez que este servidor pedir este formulário (Enter); nada é enviado
