package ui

import (
	"encoding/json"
	"strings"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// form is what an elicitation/create asks, read for the prompt's box and
// completion; the answer itself is read by command.ParseAnswer.
type form struct {
	command.Elicitation
	schema    *command.Schema
	schemaErr error
	// defaults says a field has a default, which an answer leaving it
	// out goes with: read once, as the form can have 100,000 fields.
	defaults bool
}

func parseForm(params json.RawMessage) form {
	f := form{Elicitation: command.ReadElicitation(params)}
	if f.Mode != "url" && len(f.RequestedSchema) > 0 {
		f.schema, f.schemaErr = command.ParseSchema(f.RequestedSchema)
	}
	for _, p := range schemaProps(f.schema) {
		if p.Schema.DefaultString() != "" {
			f.defaults = true
			break
		}
	}
	return f
}

// samplingDecline is the answer that declines a sampling request
// (command.ParseAnswer).
const samplingDecline = "decline"

// complete runs one Tab on an elicitation answer (see tabComplete), or
// on a sampling answer, whose one word to complete is decline: the rest
// is the reply, the person's to type.
func (a *askPrompt) complete(q *Question) {
	if q.Req.Method == "sampling/createMessage" {
		if typed := strings.TrimSpace(a.input.Value()); strings.HasPrefix(samplingDecline, typed) && typed != samplingDecline {
			a.input.SetValue(samplingDecline)
			a.input.CursorEnd()
		}
		return
	}
	if q.Req.Method != "elicitation/create" {
		return
	}
	value := a.input.Value()
	a.tabbed(value)
	a.cycle = tabComplete(&a.input, a.cycle, func(before string) completion { return formCompletion(a.form, before) })
	// A Tab that put nothing in is said so under the answer, as on the
	// command line: a string field's value is the person's to type, and
	// silence read as a Tab ignored.
	a.fruitless = a.cycle == nil && a.input.Value() == value
}

// nothingToComplete is the row under the answer after a Tab that found
// nothing: no values for a key=value word, or, for a bare value after the
// action word ("accept Ann"), what Enter will refuse it with, in the words
// the command line's hint and exec use (command.WordsRefusal): the key it
// was likely meant for, the quotes a value with spaces goes in, the spaces
// around an = left out. The Tab alone read as ignored. "" for others.
func (a *askPrompt) nothingToComplete() string {
	value := a.input.Value()
	words := command.SplitPartial(value[:byteOffset(value, a.input.Position())])
	n := len(words)
	if n == 0 {
		return ""
	}
	cur := words[n-1].Text
	if note := noValuesToOffer(cur, a.form.schema); note != "" || n == 1 {
		return note
	}
	if key, _, ok := strings.Cut(cur, "="); ok && strings.TrimSuffix(key, ":") != "" {
		return "" // a key=value: its value is the person's to type
	}
	fields := words
	switch first := words[0].Text; {
	case accepts(first):
		fields = words[1:]
	case !strings.Contains(first, "="):
		return "" // declined or cancelled: no fields to have meant
	}
	texts := make([]string, len(fields))
	for i, w := range fields {
		texts[i] = w.Text
	}
	if err := command.WordsRefusal(texts, a.form.schema); err != nil {
		return sanitize.Line(err.Error())
	}
	return ""
}

// formCompletion lists what may complete the word at the end of before:
// the action words, the form's fields not given yet, or the values of an
// enum or boolean field.
func formCompletion(f form, before string) completion {
	words := command.SplitPartial(before)
	cur := command.Word{Start: len(before), End: len(before)}
	if n := len(words); n > 0 && words[n-1].End == len(before) {
		cur, words = words[n-1], words[:n-1]
	}
	comp := completion{start: cur.Start}
	if k, v, ok := strings.Cut(cur.Text, "="); ok {
		if !strings.HasSuffix(k, ":") {
			completeValues(&comp, k, v, f.schema.PropertyTyped(k), words)
		}
		return comp
	}
	if len(words) == 0 {
		for _, w := range command.ElicitActions() {
			if strings.HasPrefix(w, cur.Text) {
				comp.add(w+" ", w)
			}
		}
	}
	if len(words) > 0 && !accepts(words[0].Text) && !strings.Contains(words[0].Text, "=") {
		return comp // declined or cancelled: no fields
	}
	for _, p := range keysLeft(f.schema, cur.Text, keysOf(words)) {
		comp.add(command.KeyTyped(p.Name)+"=", command.KeyWord(p.Name)+"=")
	}
	return comp
}

// accepts reports whether an answer's first word accepts the form (accept,
// yes, y), as Enter reads it: Tab and the note under the answer knew only
// accept, and offered nothing after a "y" that Enter sent as accepted.
func accepts(first string) bool {
	a, _ := command.ElicitAction(first)
	return a == "accept"
}
