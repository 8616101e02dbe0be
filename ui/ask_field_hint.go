package ui

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/mcp/command"
)

// fieldHint is, while the word under the answer's cursor is one of the
// form's fields as key=value, that field described as the command line
// describes a tool's argument at its key= (keyHint): its type, whether it
// is required, its default and its description. Tab put "email=" in and
// the row under it said only "enter answers · esc cancels the form", and
// a form of more fields than its box shows had scrolled the field's
// description out of sight. "" for any other word.
func (a *askPrompt) fieldHint() string {
	if a.form.schema == nil {
		return ""
	}
	value := a.input.Value()
	before := value[:byteOffset(value, a.input.Position())]
	words := command.SplitPartial(before)
	n := len(words)
	if n == 0 || words[n-1].End != len(before) {
		return ""
	}
	if first := words[0].Text; n > 1 && !accepts(first) && !strings.Contains(first, "=") {
		return "" // declined or cancelled: no fields
	}
	k, _, ok := strings.Cut(words[n-1].Text, "=")
	if !ok {
		return ""
	}
	p := a.form.schema.PropertyTyped(strings.TrimSuffix(k, ":"))
	if p == nil {
		return ""
	}
	return cutAtWord(lineContext{room: a.w}.keyHint(p)+severalHint(p), a.w)
}

// severalHint is, for a form's list field (a multiple choice: "array of
// enum: Guitar|Piano|…"), how to give several, as the form takes them: the
// key repeated ("; several: instruments=Guitar instruments=Piano"). Only
// a wrong "instruments=Guitar,Piano" said so. "" for any other field.
func severalHint(p *command.Property) string {
	s := p.Schema
	if s == nil || s.Items == nil || !slices.Contains(s.Type, "array") {
		return ""
	}
	values := []string{"A", "B"}
	var strs []string
	for _, c := range s.Items.Choices() {
		var v string
		if json.Unmarshal(c, &v) == nil && v != "" {
			strs = append(strs, v)
		}
		if len(strs) == 2 {
			values = strs
			break
		}
	}
	key := command.KeyWord(p.Name)
	return "; for several, repeat the key: " + hintWord(command.ShellQuote(key+"="+values[0])+" "+command.ShellQuote(key+"="+values[1]))
}
