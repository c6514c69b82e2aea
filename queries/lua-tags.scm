; Lua: functions (global, local, table fields and methods), functions assigned to
; names or table fields; calls and method calls as references.

(function_declaration
  name: (identifier) @name) @definition.function

(function_declaration
  name: (dot_index_expression
    field: (identifier) @name)) @definition.function

(function_declaration
  name: (method_index_expression
    method: (identifier) @name)) @definition.method

(assignment_statement
  (variable_list
    .
    name: [
      (identifier) @name
      (dot_index_expression
        field: (identifier) @name)
    ])
  (expression_list
    .
    value: (function_definition))) @definition.function

(chunk
  (variable_declaration
    (assignment_statement
      (variable_list
        .
        name: (identifier) @name))) @definition.variable)

(field
  name: (identifier) @name
  value: (function_definition)) @definition.function

(function_call
  name: [
    (identifier) @name
    (dot_index_expression
      field: (identifier) @name)
    (method_index_expression
      method: (identifier) @name)
  ]) @reference.call

(dot_index_expression
  table: (identifier) @name) @reference.variable
