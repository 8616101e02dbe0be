package command

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/yosida95/uritemplate/v3"
)

// Resource templates are RFC 6570 URI templates. They are expanded with
// github.com/yosida95/uritemplate/v3: it does all four levels of the RFC
// (lists, associative arrays, explode, prefixes), and it is the library the
// official Go SDK matches templates with on the server side, so a URI filled
// here is read back by the same code on a Go server.
//
// The words that fill a template are the key=value words of every other
// command:
//
//	name=x              a string
//	tag=a tag=b         a list (a key given more than once)
//	tags:='["a","b"]'   a list
//	keys:='{"a":"1"}'   an associative array, in the order written
//	n:=5                the JSON text of a number or boolean, as a string
//	x:=null             undefined: the expression leaves it out

// IsTemplate reports whether a resource address is a URI template to fill
// rather than a URI to read as it is.
func IsTemplate(s string) bool { return strings.ContainsAny(s, "{}") }

// TemplateVars returns the variable names of a URI template in the order
// they first appear, or nil when it does not parse: what completion offers
// as the key=value words that fill it.
func TemplateVars(template string) []string {
	t, err := uritemplate.New(template)
	if err != nil {
		return nil
	}
	return t.Varnames()
}

// FillTemplate expands a URI template with key=value words. Problems a
// person may intend (a key the template does not have, a variable left
// out, which RFC 6570 expands to nothing) are warnings; words that cannot
// be read and templates that do not parse are errors.
func FillTemplate(template string, words []string) (string, []ArgWarning, error) {
	t, err := uritemplate.New(template)
	if err != nil {
		return "", nil, templateError(template, err)
	}
	vars := t.Varnames()
	order, occs, errs := argGroup(words)
	values := uritemplate.Values{}
	var warns []ArgWarning
	for _, key := range order {
		if !slices.Contains(vars, key) {
			// Both cut: a server's template of 50,000 variables made each
			// such warning half a megabyte.
			warns = append(warns, ArgWarning{Key: key, Message: fmt.Sprintf("not a variable of %s (its variables: %s); left out", clip.Middle(template, maxQuotedTemplate), clip.List(vars, 8))})
			continue
		}
		v, defined, err := templateValue(key, occs[key])
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if defined {
			values.Set(key, v)
		}
	}
	for _, name := range vars {
		if _, given := occs[name]; !given {
			warns = append(warns, ArgWarning{Key: name, Message: "missing: the template's {" + name + "} expands to nothing"})
		}
	}
	if len(errs) > 0 {
		return "", warns, errors.Join(errs...)
	}
	uri, err := t.Expand(values)
	if err != nil {
		// The library counts a {var:N} prefix in bytes and refuses a cut
		// inside a character.
		return "", warns, fmt.Errorf("%s: cannot expand (%v): a {var:N} prefix may have cut a non-ASCII value inside a character; give a value whose first N bytes are whole characters", template, err)
	}
	return uri, warns, nil
}

// maxQuotedTemplate is how much of a template a warning quotes.
const maxQuotedTemplate = 200

func templateError(template string, err error) error {
	return fmt.Errorf("%s is not a URI template (RFC 6570): %v; write variables as {name}, {+name}, {/name*}, {?a,b} ..., "+
		"or to send a URI with braces as it is, give the params whole: '{\"uri\":\"...\"}'", argQuoted(template), err)
}

// templateValue turns a variable's occurrences into a template value;
// defined is false for null, which RFC 6570 leaves out like an unset one.
func templateValue(key string, occs []argOcc) (uritemplate.Value, bool, error) {
	if len(occs) > 1 {
		items := make([]string, 0, len(occs))
		for _, occ := range occs {
			if occ.raw {
				s, ok, err := templateScalar(key, json.RawMessage(occ.text))
				if err != nil || !ok {
					return uritemplate.Value{}, false, fmt.Errorf("%s: a list built from repeated keys takes strings or scalars, not %s", key, clip.Quote(occ.text, quotedValue))
				}
				items = append(items, s)
				continue
			}
			items = append(items, occ.text)
		}
		return uritemplate.List(items...), true, nil
	}
	occ := occs[0]
	if !occ.raw {
		return uritemplate.String(occ.text), true, nil
	}
	// Read at any depth, as every := value is: JSON too deep for
	// encoding/json to decode below is refused as too deep, not as invalid.
	if _, err := argRaw(key, occ.text); err != nil {
		return uritemplate.Value{}, false, err
	}
	raw := bytes.TrimSpace([]byte(occ.text))
	if deep := tooDeep(raw, maxSendDepth, "a := value"); deep != "" {
		return uritemplate.Value{}, false, fmt.Errorf("%s: %s", key, deep)
	}
	switch raw[0] {
	case '[':
		var elems []json.RawMessage
		_ = json.Unmarshal(raw, &elems)
		items := make([]string, 0, len(elems))
		for _, e := range elems {
			s, ok, err := templateScalar(key, e)
			if err != nil {
				return uritemplate.Value{}, false, err
			}
			if ok {
				items = append(items, s)
			}
		}
		if len(items) == 0 {
			return uritemplate.Value{}, false, nil // an empty list is undefined (RFC 6570 2.3)
		}
		return uritemplate.List(items...), true, nil
	case '{':
		kv, err := templatePairs(key, raw)
		if err != nil || len(kv) == 0 {
			return uritemplate.Value{}, false, err
		}
		return uritemplate.KV(kv...), true, nil
	}
	s, ok, err := templateScalar(key, raw)
	return uritemplate.String(s), ok, err
}

// quotedValue bounds how much of a typed value an error quotes: enough to
// recognise it, where a pasted document would bury the message.
const quotedValue = 200

// templateScalar is a JSON scalar as template text: a string's content, a
// number or boolean as written; ok is false for null.
func templateScalar(key string, raw json.RawMessage) (string, bool, error) {
	raw = bytes.TrimSpace(raw)
	switch {
	case string(raw) == "null":
		return "", false, nil
	case len(raw) > 0 && raw[0] == '"':
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err == nil, err
	case len(raw) > 0 && (raw[0] == '[' || raw[0] == '{'):
		return "", false, fmt.Errorf("%s: a URI template takes strings, lists of strings and objects of strings; %s is nested too deep", key, clip.Quote(string(raw), quotedValue))
	}
	return string(raw), true, nil
}

// templatePairs reads a JSON object's members in the order written, since
// an associative array expands in its own order.
func templatePairs(key string, raw []byte) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	var kv []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		s, ok, err := templateScalar(key+"."+name, v)
		if err != nil {
			return nil, err
		}
		if ok {
			kv = append(kv, name, s)
		}
	}
	return kv, nil
}
