; OCaml implementations: modules, module types, classes, methods, types,
; exceptions, external and let-bound values; module paths, applied values,
; type constructors and method calls as references.

(module_definition
  (module_binding
    (module_name) @name) @definition.module)

(module_type_definition
  (module_type_name) @name) @definition.interface

(class_definition
  (class_binding
    (class_name) @name) @definition.class)

(method_definition
  (method_name) @name) @definition.method

(type_definition
  (type_binding
    name: (type_constructor) @name) @definition.type)

(exception_definition
  (constructor_declaration
    (constructor_name) @name)) @definition.class

(external
  (value_name) @name) @definition.function

(value_definition
  (let_binding
    pattern: (value_name) @name
    (parameter))) @definition.function

(value_definition
  (let_binding
    pattern: (value_name) @name
    body: (fun_expression))) @definition.function

(value_definition
  (let_binding
    pattern: (value_name) @name)) @definition.variable

(constructor_declaration
  (constructor_name) @name) @definition.constant

(module_path
  (module_name) @name) @reference.module

(value_path
  (value_name) @name) @reference.call

(type_constructor_path
  (type_constructor) @name) @reference.type

(constructor_path
  (constructor_name) @name) @reference.call

(method_invocation
  (method_name) @name) @reference.call
