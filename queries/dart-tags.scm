; Dart: classes, mixins, extensions, enums, functions, methods, constructors and
; top-level variables; type names and invoked names as references.

(class_declaration
  name: (identifier) @name) @definition.class

(mixin_declaration
  (identifier) @name) @definition.class

(extension_declaration
  name: (identifier) @name) @definition.class

(enum_declaration
  name: (identifier) @name) @definition.enum

(type_alias
  (type_identifier) @name) @definition.type

(function_declaration
  signature: (function_signature
    name: (identifier) @name)) @definition.function

(method_signature
  (function_signature
    name: (identifier) @name)) @definition.method

(declaration
  (function_signature
    name: (identifier) @name)) @definition.method

(constructor_signature
  name: (identifier) @name) @definition.method

(getter_signature
  name: (identifier) @name) @definition.method

(top_level_variable_declaration
  (static_final_declaration_list
    (static_final_declaration
      name: (identifier) @name))) @definition.constant

(type_identifier) @name @reference.type

(expression_statement
  (identifier) @name) @reference.call


(identifier) @name @reference.variable
