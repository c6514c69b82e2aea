; Arduino sketches: C++ with the board's API. Definitions of functions, types
; and globals; calls and type names as references.

(function_definition
  declarator: (function_declarator
    declarator: (identifier) @name)) @definition.function

(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier
      name: (identifier) @name))) @definition.method

(declaration
  declarator: (function_declarator
    declarator: (identifier) @name)) @definition.function

(class_specifier
  name: (type_identifier) @name
  body: (_)) @definition.class

(struct_specifier
  name: (type_identifier) @name
  body: (_)) @definition.struct

(enum_specifier
  name: (type_identifier) @name
  body: (_)) @definition.enum

(translation_unit
  (declaration
    declarator: (init_declarator
      declarator: (identifier) @name)) @definition.variable)

(translation_unit
  (declaration
    type: (type_identifier)
    declarator: (identifier) @name) @definition.variable)

(preproc_def
  name: (identifier) @name) @definition.macro

(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (field_expression
    field: (field_identifier) @name)) @reference.call

(type_identifier) @name @reference.type

(argument_list
  (identifier) @name) @reference.variable
