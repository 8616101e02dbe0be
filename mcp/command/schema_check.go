package command

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file checks a value against a Schema. Every finding is a warning, never an
// error: a debugger must be able to send a value the schema rejects, on purpose.

// schemaKinds lists the JSON types a schema accepts, in the order it gives them: its
// own type, else the types of its enum members, then those of its anyOf/oneOf branches.
func schemaKinds(s *Schema) []string {
	if s == nil {
		return nil
	}
	var kinds []string
	add := func(k string) {
		if slices.Contains(schemaKnownTypes, k) && !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	for _, t := range s.Type {
		add(t)
	}
	if len(s.Type) == 0 {
		for _, e := range s.Enum {
			add(schemaKindOf(schemaNumbers(e)))
		}
	}
	for _, b := range slices.Concat(s.AnyOf, s.OneOf) {
		for _, k := range schemaKinds(b) {
			add(k)
		}
	}
	return kinds
}

// schemaDeclared reports whether the schema or a branch states a type, as opposed to
// types guessed from enum members: only a stated type turns a bad value into an error.
func schemaDeclared(s *Schema) bool {
	if s == nil {
		return false
	}
	if slices.ContainsFunc(s.Type, func(t string) bool { return slices.Contains(schemaKnownTypes, t) }) {
		return true
	}
	return slices.ContainsFunc(slices.Concat(s.AnyOf, s.OneOf), schemaDeclared)
}

// schemaItems is the item schema of s, or of its first array branch.
func schemaItems(s *Schema) *Schema {
	if s == nil {
		return nil
	}
	if s.Items != nil {
		return s.Items
	}
	for _, b := range slices.Concat(s.AnyOf, s.OneOf) {
		if it := schemaItems(b); it != nil {
			return it
		}
	}
	return nil
}

// schemaKindsString names the accepted types for messages, e.g. "integer|null" or "array of integer".
func schemaKindsString(s *Schema) string {
	kinds := schemaKinds(s)
	for i, k := range kinds {
		if items := schemaItems(s); k == "array" && len(schemaKinds(items)) > 0 {
			kinds[i] = "array of " + schemaKindsString(items)
		}
	}
	return strings.Join(kinds, "|")
}

// schemaNumbers decodes JSON keeping numbers as json.Number, so 1.50 and big integers survive comparison.
func schemaNumbers(raw []byte) any {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	return v
}

// schemaKindOf names the JSON type of a value decoded by schemaNumbers.
func schemaKindOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		if f, err := strconv.ParseFloat(string(x), 64); err == nil && f == math.Trunc(f) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

// schemaCheck appends a warning for each way v (decoded by schemaNumbers) breaks s.
// path names the value: a key, or a path inside it such as tags[1] or meta.x.
func schemaCheck(path string, v any, s *Schema, out []ArgWarning) []ArgWarning {
	if s == nil {
		return out
	}
	warn := func(format string, args ...any) {
		out = append(out, ArgWarning{Key: path, Message: fmt.Sprintf(format, args...)})
	}
	kind := schemaKindOf(v)
	if declared := slices.DeleteFunc(slices.Clone(s.Type), func(t string) bool {
		return !slices.Contains(schemaKnownTypes, t)
	}); len(declared) > 0 && !schemaAllows(declared, kind) {
		// The other checks would only repeat the mismatch in other words.
		warn("%s is %s, schema says type %s", schemaShow(v), schemaArticle(kind), strings.Join(declared, "|"))
		return out
	}
	if len(s.Enum) > 0 && !slices.ContainsFunc(s.Enum, func(e json.RawMessage) bool { return schemaEqual(v, schemaNumbers(e)) }) {
		warn("%s is not one of %s", schemaShow(v), strings.TrimPrefix(s.TypeString(), "enum: "))
	}
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil {
			break
		}
		if s.Minimum != nil && f < *s.Minimum {
			warn("%s is below the minimum %s", x, schemaNum(*s.Minimum))
		}
		if s.ExclusiveMinimum != nil && f <= *s.ExclusiveMinimum {
			warn("%s is not above the exclusive minimum %s", x, schemaNum(*s.ExclusiveMinimum))
		}
		if s.Maximum != nil && f > *s.Maximum {
			warn("%s is above the maximum %s", x, schemaNum(*s.Maximum))
		}
		if s.ExclusiveMaximum != nil && f >= *s.ExclusiveMaximum {
			warn("%s is not below the exclusive maximum %s", x, schemaNum(*s.ExclusiveMaximum))
		}
	case string:
		n := utf8.RuneCountInString(x)
		if s.MinLength != nil && n < *s.MinLength {
			warn("%s is %d characters, fewer than minLength %d", schemaShow(v), n, *s.MinLength)
		}
		if s.MaxLength != nil && n > *s.MaxLength {
			warn("%s is %d characters, more than maxLength %d", schemaShow(v), n, *s.MaxLength)
		}
	case []any:
		for i, item := range x {
			out = schemaCheck(fmt.Sprintf("%s[%d]", path, i), item, s.Items, out)
		}
	case map[string]any:
		out = schemaCheckObject(path, x, s, out)
	}
	if branches := slices.Concat(s.AnyOf, s.OneOf); len(branches) > 0 {
		out = schemaCheckUnion(path, v, branches, out)
	}
	return out
}

func schemaCheckObject(path string, obj map[string]any, s *Schema, out []ArgWarning) []ArgWarning {
	for _, p := range s.Properties {
		if item, ok := obj[p.Name]; ok {
			out = schemaCheck(path+"."+p.Name, item, p.Schema, out)
		}
	}
	var missing []string
	for _, name := range s.Required {
		if _, ok := obj[name]; !ok && !slices.Contains(missing, name) {
			missing = append(missing, name)
			out = append(out, ArgWarning{Key: path + "." + name, Message: "missing required key"})
		}
	}
	return out
}

// schemaCheckUnion is quiet when any branch accepts v; otherwise it reports the first
// branch of v's type, which is the one the person most likely meant.
func schemaCheckUnion(path string, v any, branches []*Schema, out []ArgWarning) []ArgWarning {
	var closest []ArgWarning
	found := false
	kind := schemaKindOf(v)
	names := make([]string, len(branches))
	for i, b := range branches {
		w := schemaCheck(path, v, b, nil)
		if len(w) == 0 {
			return out
		}
		if kinds := schemaKinds(b); !found && (len(kinds) == 0 || schemaAllows(kinds, kind)) {
			closest, found = w, true
		}
		names[i] = b.TypeString()
	}
	if found {
		return append(out, closest...)
	}
	return append(out, ArgWarning{Key: path, Message: fmt.Sprintf("%s matches none of: %s", schemaShow(v), strings.Join(names, " | "))})
}

// schemaAllows reports whether a value of kind fits one of types; integers are numbers too.
func schemaAllows(types []string, kind string) bool {
	return slices.Contains(types, kind) || (kind == "integer" && slices.Contains(types, "number"))
}

// schemaEqual compares decoded JSON values the way JSON Schema does: 1 equals 1.0.
func schemaEqual(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		fx, errx := strconv.ParseFloat(string(x), 64)
		fy, erry := strconv.ParseFloat(string(y), 64)
		return x == y || (errx == nil && erry == nil && fx == fy)
	case []any:
		y, ok := b.([]any)
		return ok && slices.EqualFunc(x, y, schemaEqual)
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			if yv, ok := y[k]; !ok || !schemaEqual(xv, yv) {
				return false
			}
		}
		return true
	}
	return a == b
}

// schemaShow prints a value as compact JSON, cut short so one warning stays one line.
func schemaShow(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return fmt.Sprint(v)
	}
	s := strings.TrimSpace(b.String())
	if utf8.RuneCountInString(s) > 40 {
		s = string([]rune(s)[:39]) + "…"
	}
	return s
}

func schemaArticle(kind string) string {
	switch kind {
	case "null":
		return "null"
	case "integer", "array", "object":
		return "an " + kind
	}
	return "a " + kind
}
