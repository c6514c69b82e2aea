; Elm: the module, top-level values, type aliases, custom types and their
; variants; called and annotated names, type and constructor uses as references.

(module_declaration
  (upper_case_qid) @name) @definition.module

(value_declaration
  (function_declaration_left
    (lower_case_identifier) @name)) @definition.function

(type_alias_declaration
  name: (upper_case_identifier) @name) @definition.type

(type_declaration
  name: (upper_case_identifier) @name) @definition.type

(union_variant
  name: (upper_case_identifier) @name) @definition.constant

(value_qid
  (lower_case_identifier) @name) @reference.call

(type_ref
  (upper_case_qid
    (upper_case_identifier) @name)) @reference.type

(value_expr
  (upper_case_qid
    (upper_case_identifier) @name)) @reference.call

(exposed_value
  (lower_case_identifier) @name) @reference.call

(exposed_type
  (upper_case_identifier) @name) @reference.type
