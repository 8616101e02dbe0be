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

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonfmt"
)

// This file checks a value against a Schema. Every finding is a warning, never an
// error: a debugger must be able to send a value the schema rejects, on purpose.

// schemaKinds lists the JSON types a schema accepts, in the order it gives them: its
// own type, else the types of its enum members, then those of its anyOf/oneOf branches.
func schemaKinds(s *Schema) []string {
	var kinds []string
	schemaAddKinds(s, &kinds)
	return kinds
}

// schemaAddKinds adds the types s accepts to kinds; one list serves the whole walk.
func schemaAddKinds(s *Schema, kinds *[]string) {
	if s == nil {
		return
	}
	add := func(k string) {
		if slices.Contains(schemaKnownTypes, k) && !slices.Contains(*kinds, k) {
			*kinds = append(*kinds, k)
		}
	}
	for _, t := range s.Type {
		add(t)
	}
	if len(s.Type) == 0 {
		for _, k := range s.enumKinds {
			add(k)
		}
		if s.enumKinds == nil {
			// Built by hand rather than parsed: find them now.
			for _, e := range s.Enum {
				add(schemaKindOf(schemaNumbers(e)))
			}
		}
	}
	for b := range s.branches() {
		schemaAddKinds(b, kinds)
	}
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
	for b := range s.branches() {
		if schemaDeclared(b) {
			return true
		}
	}
	return false
}

// schemaItems is the item schema of s, or of its first array branch.
func schemaItems(s *Schema) *Schema {
	if s == nil {
		return nil
	}
	if s.Items != nil {
		return s.Items
	}
	for b := range s.branches() {
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
	// A titled enum (a union of consts) is checked as the enum it is: its
	// branches one by one would each say v is not that one const.
	choices := s.Choices()
	// Past the members read, v may still be one: say nothing rather than something wrong.
	if len(choices) > 0 && s.ChoicesLeftOut() == 0 && !schemaInEnum(choices, v) {
		warn("%s is not one of %s%s", schemaShow(v), strings.TrimPrefix(s.TypeString(), "enum: "), schemaSeveral(path, v, choices))
	}
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil {
			break
		}
		if s.Minimum != nil && f < *s.Minimum {
			warn("%s", boundBroken(x, "is below", "minimum", *s.Minimum))
		}
		if s.ExclusiveMinimum != nil && f <= *s.ExclusiveMinimum {
			warn("%s", boundBroken(x, "is not above", "exclusive minimum", *s.ExclusiveMinimum))
		}
		if s.Maximum != nil && f > *s.Maximum {
			warn("%s", boundBroken(x, "is above", "maximum", *s.Maximum))
		}
		if s.ExclusiveMaximum != nil && f >= *s.ExclusiveMaximum {
			warn("%s", boundBroken(x, "is not below", "exclusive maximum", *s.ExclusiveMaximum))
		}
	case string:
		n := utf8.RuneCountInString(x)
		if s.MinLength != nil && n < *s.MinLength {
			warn("%s is %d characters, fewer than minLength %d", schemaShow(v), n, *s.MinLength)
		}
		if s.MaxLength != nil && n > *s.MaxLength {
			warn("%s is %d characters, more than maxLength %d", schemaShow(v), n, *s.MaxLength)
		}
		if want := formatBroken(s.Format, x); want != "" {
			warn("%s is not %s (format %s)", schemaShow(v), want, s.Format)
		}
	case []any:
		for i, item := range x {
			out = schemaCheck(fmt.Sprintf("%s[%d]", path, i), item, s.Items, out)
		}
	case map[string]any:
		out = schemaCheckObject(path, x, s, out)
	}
	if branches := slices.Concat(s.AnyOf, s.OneOf); len(branches) > 0 && (len(s.Enum) > 0 || len(choices) == 0) {
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
	return schemaMissing(path, s, func(name string) bool { _, ok := obj[name]; return ok }, out)
}

// schemaMissingShown is how many missing keys are named one by one; the rest
// share one warning, so a schema that requires thousands of keys costs a
// line, not thousands.
const schemaMissingShown = 10

// schemaMissing appends a warning for each key s requires that has says is
// absent. path names the object: "" for the arguments themselves, a path
// such as meta or tags[1] inside them. This is the one place missing keys
// are found, for the top level and nested objects alike.
func schemaMissing(path string, s *Schema, has func(name string) bool, out []ArgWarning) []ArgWarning {
	var missing []string
	seen := map[string]bool{}
	for _, name := range s.Required {
		if !seen[name] && !has(name) {
			missing = append(missing, name)
		}
		seen[name] = true
	}
	for i, name := range missing {
		if i == schemaMissingShown-1 && len(missing) > schemaMissingShown {
			rest := missing[i:]
			return append(out, ArgWarning{Key: path, Message: fmt.Sprintf("%d more required keys are missing: %s", len(rest), schemaNames(rest))})
		}
		msg := "missing required key"
		if name == "" && path == "" {
			// A warning without a key is about the whole object.
			msg = `missing required key ""`
		}
		if p := s.Property(name); p != nil {
			msg += ", expects " + p.Schema.TypeString()
		}
		key := name
		if path != "" {
			key = path + "." + name
		}
		out = append(out, ArgWarning{Key: key, Message: msg})
	}
	return out
}

// schemaNamesShown is how many names a message lists before counting the rest.
const schemaNamesShown = 20

// schemaNames lists names for a message, "a, b, c", counting past schemaNamesShown.
func schemaNames(names []string) string {
	words := make([]string, len(names))
	for i, n := range names {
		words[i] = KeyWord(n)
	}
	return clip.List(words, schemaNamesShown)
}

// schemaCheckUnion is quiet when any branch accepts v; otherwise it reports the first
// branch of v's type, which is the one the person most likely meant.
func schemaCheckUnion(path string, v any, branches []*Schema, out []ArgWarning) []ArgWarning {
	var closest []ArgWarning
	found := false
	kind := schemaKindOf(v)
	for _, b := range branches {
		w := schemaCheck(path, v, b, nil)
		if len(w) == 0 {
			return out
		}
		if kinds := schemaKinds(b); !found && (len(kinds) == 0 || schemaAllows(kinds, kind)) {
			closest, found = w, true
		}
	}
	if found {
		return append(out, closest...)
	}
	// The union's own TypeString lists the branches, as many as fit a line.
	return append(out, ArgWarning{Key: path, Message: fmt.Sprintf("%s matches none of: %s", schemaShow(v), (&Schema{AnyOf: branches}).TypeString())})
}

// schemaInEnum reports whether v (decoded by schemaNumbers) is a member of enum.
func schemaInEnum(enum []json.RawMessage, v any) bool {
	str, isStr := v.(string)
	return slices.ContainsFunc(enum, func(e json.RawMessage) bool {
		if m, plain := schemaPlainString(e); plain {
			return isStr && str == m
		}
		return schemaEqual(v, schemaNumbers(e))
	})
}

// schemaSeveral is what the enum miss of an array's item v says when v is
// members of choices (the item schema's Choices) joined by commas:
// tags=mcp,ops sent one item "mcp,ops", and the warning did not say that
// several items take the key repeated.
func schemaSeveral(path string, v any, choices []json.RawMessage) string {
	str, ok := v.(string)
	i := strings.LastIndexByte(path, '[')
	if !ok || i <= 0 || !strings.HasSuffix(path, "]") || !strings.Contains(str, ",") {
		return ""
	}
	key := path[:i]
	var words []string
	for part := range strings.SplitSeq(str, ",") {
		part = strings.TrimSpace(part)
		if !schemaInEnum(choices, part) {
			return ""
		}
		words = append(words, ShellQuote(key+"="+part))
	}
	return "; for several items repeat the key: " + strings.Join(words, " ")
}

// schemaPlainString reads a JSON string without escapes, the usual enum
// member, without decoding it: an enum can have thousands of members.
func schemaPlainString(raw json.RawMessage) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' || bytes.IndexByte(raw, '\\') >= 0 {
		return "", false
	}
	return string(raw[1 : len(raw)-1]), true
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
	s, err := jsonfmt.Plain(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return schemaCap(s, 40)
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

// boundBroken says that x breaks the schema's bound named name ("5 is
// below the minimum 10"). A bound past float64's range (schemaFloat's
// infinity) is no usable number: "5 is below the minimum a number past
// float64's range" read as if 5 were out of range, so it says what the
// schema's bound is and what x was checked against in its place.
func boundBroken(x json.Number, breaks, name string, bound float64) string {
	if !math.IsInf(bound, 0) {
		return fmt.Sprintf("%s %s the %s %s", x, breaks, name, schemaNum(bound))
	}
	infinity := "infinity"
	if bound < 0 {
		infinity = "minus infinity"
	}
	return fmt.Sprintf("%s %s the %s: the schema's %s is %s, not a usable number, so %s was checked against %s in its place", x, breaks, name, name, schemaNum(bound), x, infinity)
}
