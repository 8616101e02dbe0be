package main

import (
	"encoding/json"
	"strings"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// answerExample is an --answer for what the server asked, named name,
// that can be copied and filled in: "elicitation accept name=NAME
// confirm:=true" for a form, its required fields that have no default
// given (a default is sent when a field is left out), a placeholder in
// capitals for what only the user knows. exec said "--answer 'elicitation
// ...'", which left the words of an answer to be looked up. Anything that
// cannot go inside the single quotes it is shown in falls back to "...".
func answerExample(name string, r mcp.InputRequest) string {
	words := []string{name}
	switch r.Method {
	case "sampling/createMessage":
		words = append(words, "THE REPLY")
	case "elicitation/create":
		words = append(words, "accept")
		e := command.ReadElicitation(r.Params)
		if e.Mode == "url" {
			break
		}
		schema, err := command.ParseSchema(e.RequestedSchema)
		if err != nil || schema == nil || schema.Truncated != "" {
			words = append(words, "...")
			break
		}
		for _, p := range schema.Properties {
			if p.Required && p.Schema != nil && len(p.Schema.Default) == 0 {
				words = append(words, fieldExample(p))
			}
		}
	default:
		words = append(words, "...")
	}
	line := strings.Join(words, " ")
	if strings.ContainsAny(line, "'\n") || len(line) > maxAnswerExample {
		return name + " ..."
	}
	return line
}

// inputKeyShown is a 2026 inputRequests key as exec names it, and as
// --answer takes it: Go-quoted when it holds what the sanitizer would
// change or is empty (command.KeyWord, as a form's field is shown), where
// "\x1b[2Jk" was drawn as k, a key the server did not send, and --answer
// 'k ...' typed as shown matched nothing.
func inputKeyShown(key string) string { return command.KeyWord(key) }

// answerWord is the first word of an --answer to copy that names what
// was asked: its key, else its method's alias, else its method, the first
// that can stand there whole: no blank or = (which end the first word), no
// quote (which ends the single quotes the answer is shown in), nothing
// the sanitizer would change. The server chose the key and the method:
// a key holding a quote, put inside those quotes, made a shell command of
// the server's for the user to paste. "" when none can.
func answerWord(key, method string) string {
	for _, w := range []string{key, aliasOf(method), method} {
		// Past NameLimit a word is shown cut (NameShown), and the cut
		// one names nothing the server asked.
		if w != "" && len(w) <= mcp.NameLimit && !strings.ContainsAny(w, " \t'=") && sanitize.Line(w) == w {
			return w
		}
	}
	return ""
}

// maxAnswerExample bounds the answer exec shows to copy: a server's form
// of a thousand required fields, or an enum whose first choice is a
// megabyte, made a line nobody copies; past it the words are left to the
// help.
const maxAnswerExample = 512

// fieldExample is key=value for one required field of a form: an enum's
// first choice, true for a switch, the least a number may be, else the
// field's name in capitals for the user to replace.
func fieldExample(p command.Property) string {
	key, s := command.KeyWord(p.Name), p.Schema
	if len(s.Enum) > 0 {
		var text string
		if json.Unmarshal(s.Enum[0], &text) == nil && text != "" && !strings.ContainsAny(text, " \t\"\\=") {
			return key + "=" + text
		}
		return key + ":=" + string(s.Enum[0])
	}
	switch {
	case typed(s, "boolean"):
		return key + ":=true"
	case typed(s, "integer"), typed(s, "number"):
		if s.Minimum != nil {
			b, _ := json.Marshal(*s.Minimum)
			return key + ":=" + string(b)
		}
		return key + ":=1"
	}
	return key + "=" + strings.ToUpper(strings.Map(func(r rune) rune {
		if r == ' ' || r == '=' || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, p.Name))
}

// typed reports whether s allows the JSON type t.
func typed(s *command.Schema, t string) bool {
	for _, x := range s.Type {
		if x == t {
			return true
		}
	}
	return false
}
