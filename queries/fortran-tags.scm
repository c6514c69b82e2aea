; Fortran: programs, modules, derived types, functions and subroutines; calls,
; procedure references and derived type uses as references.

(program_statement
  (name) @name) @definition.module

(module_statement
  (name) @name) @definition.module

(derived_type_statement
  (type_name) @name) @definition.struct

(function_statement
  name: (name) @name) @definition.function

(subroutine_statement
  name: (name) @name) @definition.function

(subroutine_call
  subroutine: (identifier) @name) @reference.call

(call_expression
  (identifier) @name) @reference.call

(derived_type
  (type_name) @name) @reference.type

(use_statement
  (module_name) @name) @reference.module
