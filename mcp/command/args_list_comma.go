package command

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// listComma is the refusal of words[i] when it starts with a comma right
// after a value of an array key (`tags=mcp ,`, `tags=mcp ,ops`): a list is
// given by repeating its key, and saying so beats asking whether the comma
// was meant for another key ("did you mean firstLine=,?"). nil otherwise.
func listComma(words []string, i int, schema *Schema) error {
	w := words[i]
	if i == 0 || !strings.HasPrefix(w, ",") || schema == nil {
		return nil
	}
	key, occ, err := argSplitWord(words[i-1])
	if err != nil {
		return nil
	}
	prop := schema.Property(key)
	if prop == nil || prop.Schema == nil || !slices.Contains(prop.Schema.Type, "array") {
		return nil
	}
	// Every word of the example quoted as it is typed back: words are the
	// line as split, its quotes taken off (`tags='a b'` is "tags=a b").
	given := KeyWord(key) + "=" + ShellQuote(occ.text)
	if occ.raw {
		given = KeyWord(key) + ":=" + ShellQuote(occ.text)
	}
	example := []string{given}
	for _, v := range strings.Split(w, ",") {
		if v != "" {
			example = append(example, KeyWord(key)+"="+ShellQuote(v))
		}
	}
	if len(example) == 1 {
		example = append(example, KeyWord(key)+"="+anotherItem(prop.Schema, words, key))
	}
	return fmt.Errorf("%s: a list is given by repeating its key: %s", argQuoted(w), argSuggested(strings.Join(example, " ")))
}

// anotherItem is a member of an array's item enum not given yet under key
// in words (by value, as the line is parsed), to show a second item with,
// quoted to be typed; "…" when none is listed.
func anotherItem(s *Schema, words []string, key string) string {
	if s.Items == nil {
		return "…"
	}
	var given []string
	for _, w := range words {
		if k, occ, err := argSplitWord(w); err == nil && k == key && !occ.raw {
			given = append(given, occ.text)
		}
	}
	for _, m := range s.Items.Choices() {
		var v string
		if json.Unmarshal(m, &v) != nil {
			continue
		}
		if !slices.Contains(given, v) {
			return ShellQuote(v)
		}
	}
	return "…"
}
