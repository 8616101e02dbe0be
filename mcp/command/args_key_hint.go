package command

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// withKeyHint is the errors of the words that are no key=value, a word
// typed without a key told the key it was likely meant for (BareWord).
func withKeyHint(words []string, schema *Schema, occs map[string][]argOcc) []error {
	typed := func(name string) bool { _, ok := occs[name]; return ok }
	var errs []error
	for i := 0; i < len(words); i++ {
		w := words[i]
		_, _, err := argSplitWord(w)
		if err == nil {
			continue
		}
		if n, spaced := spacedAssignment(words[i:]); spaced != "" {
			// `name = Ann` is one key=value typed as a shell's
			// assignment is not: said once, not as three bare words
			// of which the key was asked whether it meant name=name.
			errs = append(errs, fmt.Errorf("%s: a key=value has no spaces around its =; did you mean %s?", argQuoted(strings.Join(words[i:i+n], " ")), argSuggested(spaced)))
			i += n - 1
			continue
		}
		if err := listComma(words, i, schema); err != nil {
			errs = append(errs, err)
			continue
		}
		if !strings.Contains(w, "=") {
			if n, joined := emptiedValue(words, i); n > 0 {
				// `message= hi`, `times:= 2`: the value typed after a
				// space, the key's own left empty; a leading space is
				// not what was meant, whichever key the value might
				// otherwise have been asked about (times takes 2 as
				// well). The empty value is this refusal's, not one
				// refused again ("invalid JSON after :=").
				errs = append(errs, fmt.Errorf("%s: a key=value has no spaces around its =; did you mean %s?", argQuoted(strings.Join(words[i-1:i+n], " ")), argSuggested(joined)))
				dropOcc(occs, words[i-1])
				i += n - 1
				continue
			}
			refused := err
			err = BareWord(w, schema, typed)
			// BareWord named no key when it says no more than the
			// word's own refusal.
			keyless := err.Error() == refused.Error()
			if n, joined := spacedValue(words, i); n > 0 && keyless {
				// `message=hi there`: the words after a value, taken by no
				// key, are most likely the rest of it, typed unquoted.
				// The suggestion says what is expected: the words are
				// short enough to end whole on the command line's hint
				// row at 80 columns.
				errs = append(errs, fmt.Errorf("%s: a value with spaces goes in quotes: did you mean %s?", argQuoted(strings.Join(words[i:i+n], " ")), argSuggested(joined)))
				i += n - 1
				continue
			}
		}
		errs = append(errs, err)
	}
	return errs
}

// WordsRefusal is Enter's refusal of the first of words (a tools/call
// line's arguments) that is no key=value, in the words ParseArgs gives it
// (the key it was likely meant for, the quotes a value with spaces goes
// in), or nil when every word is one: the command line's hint says it
// before Enter does.
func WordsRefusal(words []string, schema *Schema) error {
	_, occs, errs := argGroup(words)
	if len(errs) == 0 {
		return nil
	}
	return withKeyHint(words, schema, occs)[0]
}

// spacedAssignment reads a key=value typed with spaces around its '='
// (`name = Ann`, `name =Ann`, or `name := 2` for key:=json) at the start of
// words: how many words it took and the word meant, or 0 and "".
func spacedAssignment(words []string) (n int, meant string) {
	key := words[0]
	if len(words) < 2 || key == "" || strings.ContainsAny(key, "=:") {
		return 0, ""
	}
	op := words[1]
	switch {
	case (op == "=" || op == ":=") && len(words) > 2 && !strings.Contains(words[2], "="):
		return 3, KeyWord(key) + op + ShellQuote(words[2])
	case strings.HasPrefix(op, ":=") && len(op) > 2:
		return 2, KeyWord(key) + ":=" + ShellQuote(op[2:])
	case strings.HasPrefix(op, "=") && len(op) > 1 && !strings.Contains(op[1:], "="):
		return 2, KeyWord(key) + "=" + ShellQuote(op[1:])
	}
	return 0, ""
}

// spacedValue reads the bare words at words[i:] (no '=' in them) that follow
// a key=value of a plain value: how many there are and the key=value they
// would make as one quoted value, or 0 and "".
func spacedValue(words []string, i int) (n int, joined string) {
	if i == 0 {
		return 0, ""
	}
	key, occ, err := argSplitWord(words[i-1])
	if err != nil || occ.raw {
		return 0, ""
	}
	n = bareRun(words, i)
	value := strings.Join(words[i:i+n], " ")
	if occ.text != "" {
		value = occ.text + " " + value
	}
	return n, KeyWord(key) + "=" + ShellQuote(value)
}

// emptiedValue reads the bare words at words[i:] that follow a key= or
// key:= with nothing after it (`name= Ann`, `times:= 2`): how many there are
// and the word meant, or 0 and "". After :=, words that are no JSON
// (`name:= "Ann"`, its quotes taken by the line) are the string they
// would be as key=value.
func emptiedValue(words []string, i int) (n int, meant string) {
	if i == 0 {
		return 0, ""
	}
	key, occ, err := argSplitWord(words[i-1])
	if err != nil || occ.text != "" {
		return 0, ""
	}
	n = bareRun(words, i)
	value := strings.Join(words[i:i+n], " ")
	if occ.raw && json.Valid([]byte(value)) {
		return n, KeyWord(key) + ":=" + ShellQuote(value)
	}
	return n, KeyWord(key) + "=" + ShellQuote(value)
}

// bareRun is how many words from words[i] on hold no '='.
func bareRun(words []string, i int) int {
	n := 0
	for i+n < len(words) && !strings.Contains(words[i+n], "=") {
		n++
	}
	return n
}

// dropOcc takes the occurrence word gave its key out of occs, the word
// refused already as the start of another.
func dropOcc(occs map[string][]argOcc, word string) {
	key, occ, err := argSplitWord(word)
	if err != nil {
		return
	}
	if i := slices.Index(occs[key], occ); i >= 0 {
		occs[key] = slices.Delete(occs[key], i, i+1)
	}
	if len(occs[key]) == 0 {
		delete(occs, key)
	}
}

// BareWord is the refusal of w, a word typed with no key=value, telling it
// the key it was likely meant for: the first required key of schema not
// typed, else the first key not typed (`greet Ann` is asked whether it
// meant name=Ann), of the keys whose type takes w: `name=Ann 3` was asked
// about loud=3, a boolean, and `name=Ann Bob` about times=Bob. A w that is
// a JSON object is shown as the key:=json words it meant, before any key
// when its keys are all the schema's, else when no key takes it. When
// nothing fits, no key is named. The command line's hint says it before
// Enter does.
func BareWord(w string, schema *Schema, typed func(string) bool) error {
	err := fmt.Errorf("%s: expected key=value or key:=json", argQuoted(w))
	key := ""
	var props []Property
	if schema != nil {
		props = schema.Properties
	}
	spread, known := spreadObject(w, props)
	if spread != "" && known {
		// `tools/call get-sum '{"a":1,"b":2}'`: arguments as a JSON
		// object, as other clients take them, go one key at a time;
		// its keys being the schema's says that is what was meant.
		return fmt.Errorf("%w: arguments go one key at a time; did you mean %s?", err, argSuggested(spread))
	}
	for _, p := range props {
		if typed(p.Name) {
			continue
		}
		if _, bad := argCoerce(p.Name, w, p.Schema); bad != nil || !amongChoices(w, p.Schema) {
			continue
		}
		if p.Required {
			key = p.Name
			break
		}
		if key == "" {
			key = p.Name
		}
	}
	if key != "" {
		err = fmt.Errorf("%w: did you mean %s?", err, argSuggested(KeyWord(key)+"="+ShellQuote(w)))
	} else if spread != "" {
		err = fmt.Errorf("%w: arguments go one key at a time; did you mean %s?", err, argSuggested(spread))
	}
	return err
}

// amongChoices says whether w is one of the values s lists, when it lists
// them all: an enum key was offered a word it does not list ("Lee": did you
// mean environment=Lee? of staging|production), as argCoerce sends it
// anyway, with a warning.
func amongChoices(w string, s *Schema) bool {
	choices := s.Choices()
	if len(choices) == 0 || s.ChoicesLeftOut() > 0 {
		return true
	}
	return slices.ContainsFunc(choices, func(m json.RawMessage) bool { return argEnumMatch(w, m) })
}

// maxSpread bounds the keys spreadObject writes out: a suggestion, not a
// translation of any object.
const maxSpread = 8

// spreadObject is w, a JSON object, as key:=json words in its order, or ""
// when w is no JSON object or holds none or more than maxSpread keys;
// known says every key is one of props.
func spreadObject(w string, props []Property) (spread string, known bool) {
	if !strings.HasPrefix(w, "{") || !json.Valid([]byte(w)) {
		return "", false
	}
	dec := json.NewDecoder(strings.NewReader(w))
	if _, err := dec.Token(); err != nil {
		return "", false
	}
	var words []string
	known = true
	for dec.More() {
		k, err := dec.Token()
		key, ok := k.(string)
		var v json.RawMessage
		if err != nil || !ok || dec.Decode(&v) != nil || len(words) == maxSpread {
			return "", false
		}
		known = known && slices.ContainsFunc(props, func(p Property) bool { return p.Name == key })
		var compact bytes.Buffer
		_ = json.Compact(&compact, v) // v was decoded: it is valid
		words = append(words, KeyWord(key)+":="+ShellQuote(compact.String()))
	}
	return strings.Join(words, " "), known && len(words) > 0
}
