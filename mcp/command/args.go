package command

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/jsonwhy"
)

// How a word becomes a value, in order:
//  1. `key:=json` is checked to be JSON and then sent byte for byte (the HTTPie convention).
//  2. `key=text` with no schema for the key (nil schema, unknown key, untyped property)
//     stays the string it is, so what is sent never depends on how the text looks.
//  3. Otherwise an enum member equal to the text wins and is sent as the schema spells it;
//     then the schema's types are tried in the order it lists them, "string" last.
//  4. A key given more than once builds an array when the schema allows one (or says
//     nothing); a JSON array text adds its items.
// Problems the schema can describe but a person may intend (range, enum, missing keys,
// unknown keys) are warnings; only text that cannot become the stated type is an error.

// ArgWarning is a schema problem that does not stop a deliberate send.
type ArgWarning struct {
	// Key names the argument; inside arrays and objects it is a path such as tags[1] or meta.x.
	Key     string
	Message string
	// Short is the warning said again once the user sent the line anyway:
	// what they confirmed, without the lists and advice Message gives
	// before; "" means Message.
	Short string
}

// Brief is the warning as a reminder after the line was sent anyway:
// Short when there is one, else String.
func (w ArgWarning) Brief() string {
	if w.Short == "" {
		return w.String()
	}
	if w.Key == "" {
		return w.Short
	}
	return KeyWord(w.Key) + ": " + w.Short
}

// String formats the warning as "key: message".
func (w ArgWarning) String() string {
	if w.Key == "" {
		return w.Message
	}
	return KeyWord(w.Key) + ": " + w.Message
}

// Args is the parsed argument object; MarshalJSON writes keys in the order the user
// typed them, and values given with := exactly as typed.
type Args struct {
	Keys   []string
	Values map[string]json.RawMessage
}

// MarshalJSON writes the object in Keys order; values missing from Keys follow, sorted,
// so an Args built by hand loses nothing.
func (a *Args) MarshalJSON() ([]byte, error) {
	if a == nil {
		return []byte("{}"), nil
	}
	var b bytes.Buffer
	b.WriteByte('{')
	written := map[string]bool{}
	write := func(k string) {
		v, ok := a.Values[k]
		if !ok || written[k] {
			return
		}
		written[k] = true
		if len(bytes.TrimSpace(v)) == 0 {
			v = json.RawMessage("null")
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.Write(argString(k))
		b.WriteByte(':')
		b.Write(v)
	}
	for _, k := range a.Keys {
		write(k)
	}
	rest := make([]string, 0, len(a.Values))
	for k := range a.Values {
		if !written[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	for _, k := range rest {
		write(k)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// argOcc is one occurrence of a key on the command line.
type argOcc struct {
	text string
	raw  bool // given with :=
}

// ParseArgs turns words like `name=Ann` `times=2` `tags=a` `tags=b` `meta:={"x":1}`
// into a JSON object using schema (which may be nil). Every word that cannot be read
// is reported in the error; warnings are returned even when there is an error.
func ParseArgs(words []string, schema *Schema) (*Args, []ArgWarning, error) {
	return parseArgs(words, schema, false)
}

// parseArgs is ParseArgs; with defaults, each property of schema left out
// that the schema gives a "default" is sent with it, after the typed keys,
// as a form filled in with its defaults would be.
func parseArgs(words []string, schema *Schema, defaults bool) (*Args, []ArgWarning, error) {
	order, occs, errs := argGroup(words)
	if len(errs) > 0 {
		errs = withKeyHint(words, schema, occs)
	}
	keysAsShown(order, occs, schema)
	args := &Args{Values: map[string]json.RawMessage{}}
	var warns []ArgWarning
	for _, key := range order {
		if len(occs[key]) == 0 {
			continue // its one word was refused with the word after it (withKeyHint)
		}
		s, w := argSchemaFor(schema, key)
		warns = append(warns, w...)
		val, err := argValue(key, occs[key], s)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		// The arguments object around the value is one level of what is sent.
		if deep := tooDeep(val, argumentsRoom-1, "a value inside the arguments object"); deep != "" {
			errs = append(errs, fmt.Errorf("%s: %s", key, deep))
			continue
		}
		args.Keys = append(args.Keys, key)
		args.Values[key] = val
		warns = schemaCheck(key, schemaNumbers(val), s, warns)
	}
	if schema != nil && defaults {
		for _, p := range schema.Properties {
			if _, typed := occs[p.Name]; typed || p.Schema == nil || len(p.Schema.Default) == 0 {
				continue
			}
			args.Keys = append(args.Keys, p.Name)
			args.Values[p.Name] = p.Schema.Default
			// The server's default goes as it came, but one its own schema
			// refuses ("notanumber" for a number) is said: sent without a
			// word, it read as the user's answer.
			for _, w := range schemaCheck(p.Name, schemaNumbers(p.Schema.Default), p.Schema, nil) {
				w.Message = "the server's default, sent as it gave it: " + w.Message
				warns = append(warns, w)
			}
		}
	}
	if schema != nil {
		warns = schemaMissing("", schema, func(name string) bool {
			_, typed := occs[name]
			_, filled := args.Values[name]
			return typed || filled
		}, warns)
	}
	if len(errs) > 0 {
		return nil, warns, errors.Join(errs...)
	}
	return args, warns, nil
}

// argGroup splits key=value words and gathers the occurrences of each key,
// keys in the order first typed; words that are no key=value are errors.
func argGroup(words []string) (order []string, occs map[string][]argOcc, errs []error) {
	occs = map[string][]argOcc{}
	for _, w := range words {
		key, occ, err := argSplitWord(w)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if _, seen := occs[key]; !seen {
			order = append(order, key)
		}
		occs[key] = append(occs[key], occ)
	}
	return order, occs, errs
}

// argSplitWord splits at the first "=", so `a==b` is key a with value "=b".
func argSplitWord(w string) (string, argOcc, error) {
	i := strings.IndexByte(w, '=')
	if i < 0 {
		return "", argOcc{}, fmt.Errorf("%s: expected key=value or key:=json", argQuoted(w))
	}
	key, occ := w[:i], argOcc{text: w[i+1:]}
	if strings.HasSuffix(key, ":") {
		key, occ.raw = key[:len(key)-1], true
	}
	if key == "" {
		return "", argOcc{}, fmt.Errorf("%s: the key before = is empty; expected key=value or key:=json", argQuoted(w))
	}
	return key, occ, nil
}

// argSchemaFor finds the schema for key; keys the schema does not know travel as
// strings with a warning, because a debugger is for trying what the schema forbids.
func argSchemaFor(schema *Schema, key string) (*Schema, []ArgWarning) {
	if schema == nil {
		return nil, nil
	}
	if p := schema.Property(key); p != nil {
		return p.Schema, nil
	}
	if schema.AdditionalProperties != nil {
		return schema.AdditionalProperties, nil
	}
	if len(schema.Properties) == 0 {
		if schema.AdditionalPropertiesFalse {
			return nil, []ArgWarning{{Key: key, Message: "unknown key: the tool takes no arguments (additionalProperties: false)"}}
		}
		return nil, nil
	}
	names := schema.propertyNames()
	known := "known keys: " + schemaNames(names)
	// MeantKey's finder, on the names at hand: key is no property here.
	if meant := Nearest(key, names); meant != "" {
		// Said first: the known keys are a long list at the end of a row.
		known = "did you mean " + KeyWord(meant) + "? " + known
	}
	msg := "unknown key (" + known + ")"
	if schema.AdditionalPropertiesFalse {
		msg = "unknown key, and the schema forbids extra keys (additionalProperties: false); " + known
	}
	return nil, []ArgWarning{{Key: key, Message: msg}}
}

func argValue(key string, occs []argOcc, s *Schema) (json.RawMessage, error) {
	if len(occs) == 1 {
		return argOne(key, occs[0], s)
	}
	if slices.Contains(schemaKinds(s), "array") {
		return argArray(key, occs, schemaItems(s))
	}
	if schemaDeclared(s) {
		return nil, fmt.Errorf("%s: given %d times, but the schema says type %s, not an array; to send an array anyway: %s:='[...]'",
			key, len(occs), schemaKindsString(s), key)
	}
	// Nothing says what the key holds: keep every value rather than drop all but one.
	var items []json.RawMessage
	for _, occ := range occs {
		v, err := argOne(key, occ, s)
		if err != nil {
			return nil, err
		}
		items = append(items, v)
	}
	return argJoin(items), nil
}

func argOne(key string, occ argOcc, s *Schema) (json.RawMessage, error) {
	if occ.raw {
		return argRaw(key, occ.text)
	}
	return argCoerce(key, occ.text, s)
}

// argRaw is a := value: JSON at any depth, as typed (how deep it may nest
// is parseArgs's to say, once the value is whole).
func argRaw(key, text string) (json.RawMessage, error) {
	if _, err := argJSON(text); err != nil {
		hint := argQuoteHint(key+":=", text)
		switch w := strings.TrimSpace(text); {
		case hint != "" || w == "" || strings.ContainsAny(w[:1], "{[\"-0123456789"):
		case jsonWordCased(w):
			hint = "; JSON's words are lower case: " + argSuggested(key+":="+strings.ToLower(w))
		default:
			// A bare word (text:=notes) is most often a string typed
			// in the JSON form: "true, false or null is misspelt" at
			// the n of "notes" said nothing of the form that sends it.
			hint = "; to send it as a string: " + argSuggested(key+"="+ShellQuote(text))
		}
		return nil, fmt.Errorf("%s: invalid JSON after := (%v)%s", key, err, hint)
	}
	return json.RawMessage(text), nil
}

// jsonWordCased reports true, false or null in another case (True,
// NULL): meant as JSON's word, not as a string.
func jsonWordCased(w string) bool {
	return strings.EqualFold(w, "true") || strings.EqualFold(w, "false") || strings.EqualFold(w, "null")
}

// argJSON reads text as JSON at any depth, one level of it indexed; what
// is wrong with text that is no JSON is said as jsonwhy says it: where it
// stops being JSON and what JSON wanted there, not in the scanner's words
// ("invalid character 'h' looking for beginning of value").
func argJSON(text string) (jsonspan.Value, error) {
	doc, err := jsonspan.Parse([]byte(text), jsonspan.Limits{Depth: 1})
	if err != nil {
		return jsonspan.Value{}, errors.New(jsonwhy.Syntax([]byte(text), err))
	}
	return doc.Root(), nil
}

// argArray builds an array from repeated occurrences; an occurrence that is itself a
// JSON array adds its items, so `tags=[1,2] tags=3` gives [1,2,3].
func argArray(key string, occs []argOcc, items *Schema) (json.RawMessage, error) {
	var out []json.RawMessage
	for _, occ := range occs {
		text := occ.text
		if occ.raw {
			if _, err := argRaw(key, text); err != nil {
				return nil, err
			}
		}
		trimmed := strings.TrimSpace(text)
		if !occ.raw && !strings.HasPrefix(trimmed, "[") {
			v, err := argCoerce(key, text, items)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
			continue
		}
		// Split with the one scanner: an item nested past encoding/json's
		// 10,000 levels is too deep to send, which parseArgs says, not "no
		// JSON array".
		arr, err := argJSON(trimmed)
		if err == nil && arr.Kind() != jsonspan.Array {
			err = fmt.Errorf("it is %s", arr.KindName())
		}
		if err != nil {
			if occ.raw {
				out = append(out, json.RawMessage(text))
				continue
			}
			return nil, fmt.Errorf("%s: %s is not a JSON array (%v); to send it as one item: %s",
				key, argQuoted(text), err, argSuggested(key+":="+ShellQuote("["+string(argString(text))+"]")))
		}
		for e := range arr.Elements() {
			out = append(out, e.Raw())
		}
	}
	return argJoin(out), nil
}

func argJoin(items []json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('[')
	for i, item := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(item)
	}
	b.WriteByte(']')
	return b.Bytes()
}
