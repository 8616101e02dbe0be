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
	key, _, ok := strings.Cut(words[i-1], "=")
	key = strings.TrimSuffix(key, ":")
	if !ok {
		return nil
	}
	prop := schema.Property(key)
	if prop == nil || prop.Schema == nil || !slices.Contains(prop.Schema.Type, "array") {
		return nil
	}
	example := []string{words[i-1]}
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
// in words, to show a second item with; "…" when none is listed.
func anotherItem(s *Schema, words []string, key string) string {
	if s.Items == nil {
		return "…"
	}
	for _, m := range s.Items.Choices() {
		var v string
		if json.Unmarshal(m, &v) != nil {
			continue
		}
		if !slices.Contains(words, KeyWord(key)+"="+ShellQuote(v)) {
			return ShellQuote(v)
		}
	}
	return "…"
}
