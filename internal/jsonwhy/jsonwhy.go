// Package jsonwhy says why encoding/json refused a value in JSON's terms: its
// errors name Go types and fields ("cannot unmarshal number into Go struct
// field Turn.role of type string"), which tell a person reading a server's
// answer or a recording nothing about what the JSON should have held.
package jsonwhy

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// Field is a Go field path as the JSON names it: the embedded structs' Go
// names (Record, SSEEvent), which are no keys of the JSON, are left out.
func Field(path string) string {
	var keys []string
	for _, part := range strings.Split(path, ".") {
		if part != "" && (part[0] < 'A' || part[0] > 'Z') {
			keys = append(keys, part)
		}
	}
	return strings.Join(keys, ".")
}

// Kind names what a value of Go type t is written as in JSON.
func Kind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Pointer:
		return Kind(t.Elem())
	}
	return "another value"
}

// Item decodes raw, one entry of an array of objects, into v, and says why
// it cannot be read ("" when it can): null or another kind of value where an
// object belongs, or a member of the wrong kind ("its "name" is a JSON
// number, where a string belongs"). v may be partly filled either way.
func Item(raw []byte, v any) string {
	if string(raw) == "null" {
		return "it is null, where an object belongs"
	}
	err := json.Unmarshal(raw, v)
	if err == nil {
		return ""
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if field := Field(te.Field); field != "" {
			return fmt.Sprintf("its %q is a JSON %s, where %s belongs", field, te.Value, Kind(te.Type))
		}
		return fmt.Sprintf("it is a JSON %s, where an object belongs", te.Value)
	}
	return err.Error()
}
