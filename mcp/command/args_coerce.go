package command

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// argCoerce turns text into the JSON value s asks for.
func argCoerce(key, text string, s *Schema) (json.RawMessage, error) {
	if s == nil {
		return argString(text), nil
	}
	for _, e := range s.Choices() {
		if argEnumMatch(text, e) {
			return e, nil
		}
	}
	kinds := schemaKinds(s)
	for _, k := range kinds {
		if v, ok := argTry(k, text); ok {
			return v, nil
		}
	}
	// Enum members only suggest a type: text that fits none is sent as typed, with a warning.
	if slices.Contains(kinds, "string") || !schemaDeclared(s) {
		return argString(text), nil
	}
	if slices.Contains(kinds, "array") && !strings.HasPrefix(strings.TrimSpace(text), "[") {
		if item, err := argCoerce(key, text, schemaItems(s)); err == nil {
			return argJoin([]json.RawMessage{item}), nil
		}
	}
	return nil, argTypeError(key, text, s)
}

func argTypeError(key, text string, s *Schema) error {
	t := strings.TrimSpace(text)
	var wants []string
	detail, hint := "", ""
	fix := "; to send it as typed: " + argSuggested(key+":="+ShellQuote(string(argString(text))))
	for _, k := range schemaKinds(s) {
		open := map[string]string{"object": "{", "array": "["}[k]
		switch {
		case open != "" && strings.HasPrefix(t, open):
			wants = append(wants, "a JSON "+k)
			if _, err := argJSON(t); err != nil && detail == "" {
				detail = " (" + err.Error() + ")"
			}
			if k == "array" {
				fix = "; to send it as one item: " + argSuggested(key+":="+ShellQuote("["+string(argString(text))+"]"))
			}
		case k == "array" && len(schemaKinds(schemaItems(s))) > 0:
			wants = append(wants, argWant(schemaItems(s)), "a JSON array")
		case open != "":
			wants = append(wants, "a JSON "+k)
		case k == "boolean":
			wants = append(wants, "a boolean")
			hint = "; use true/false, yes/no, on/off or 1/0"
		default:
			wants = append(wants, schemaArticle(k))
		}
	}
	if h := argQuoteHint(key+"=", text); h != "" {
		// The parser's words about {x:1} say nothing the hint does not,
		// and at 80 columns they pushed the fix off the last row.
		fix, detail = h, ""
	}
	return fmt.Errorf("%s: %s is not %s%s (schema says type %s)%s%s",
		key, argQuoted(text), strings.Join(wants, " or "), detail, schemaKindsString(s), hint, fix)
}

// argQuoteHint catches the usual mistake: JSON typed without single quotes loses its
// double quotes to the shell-style splitting, leaving {x:1}.
func argQuoteHint(prefix, text string) string {
	if strings.Contains(text, `"`) || !strings.ContainsAny(text, "{[") || !strings.ContainsAny(text, ":,") {
		return ""
	}
	return "; double quotes are removed by shell-style quoting, so wrap JSON in single quotes: " + prefix + `'{"key":"value"}'`
}

// argWant names what the schema's types accept, e.g. "an integer or null".
func argWant(s *Schema) string {
	var wants []string
	for _, k := range schemaKinds(s) {
		wants = append(wants, schemaArticle(k))
	}
	return strings.Join(wants, " or ")
}
