; R: functions assigned with `<-`, `=` or `<<-`, and top-level values; calls
; (plain and `pkg::name`) as references.

(binary_operator
  lhs: (identifier) @name
  operator: ["<-" "=" "<<-"]
  rhs: (function_definition)) @definition.function

(program
  (binary_operator
    lhs: (identifier) @name
    operator: ["<-" "="]
    rhs: (call)) @definition.variable)

(program
  (binary_operator
    lhs: (identifier) @name
    operator: ["<-" "="]
    rhs: [(float) (integer) (string)]) @definition.constant)

(call
  function: (identifier) @name) @reference.call

(call
  function: (namespace_operator
    rhs: (identifier) @name)) @reference.call

(arguments
  (argument
    value: (identifier) @name)) @reference.call
