; C tags for aider-tui's repo map.

(function_definition
  declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(function_definition
  declarator: (pointer_declarator
    declarator: (function_declarator declarator: (identifier) @name))) @definition.function
(translation_unit
  (declaration
    declarator: (function_declarator declarator: (identifier) @name)) @definition.function)
(translation_unit
  (declaration
    declarator: (pointer_declarator
      declarator: (function_declarator declarator: (identifier) @name))) @definition.function)
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @definition.enum
(enumerator name: (identifier) @name) @definition.constant
(type_definition declarator: (type_identifier) @name) @definition.type
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro

; references

(call_expression function: (identifier) @name) @reference.call
(type_identifier) @name.reference.type
(argument_list (identifier) @name) @reference.variable
