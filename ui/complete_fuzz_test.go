package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// FuzzTabCompletesServerNames: whatever a server names its tool, prompt,
// argument and enum member, Tab puts them on the command line so that the
// line, as Enter reads it, names that tool or prompt and gives that
// argument that value: a name Tab wrote must never send something else.
// The hint line Tab draws says nothing the sanitizer would not let through.
func FuzzTabCompletesServerNames(f *testing.F) {
	for _, s := range [][3]string{
		{"echo", "text", "hello"},
		{"a=b", "k=v", "x y"},
		{"it's", "a:", `'"`},
		{"", "", ""},
		{"\u202egnp", "\x1b[2J", "é\\"},
		{"{x}", "-k", "=v"},
		{"t", "a b=c", "$(rm)"},
		{"uri=demo://x", "k", "v"},
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, name, key, value string) {
		// A server's names come as JSON, which holds no invalid UTF-8.
		name, key, value = asJSON(name), asJSON(key), asJSON(value)
		schema, _ := json.Marshal(map[string]any{"type": "object", "properties": map[string]any{
			key: map[string]any{"type": "string", "enum": []string{value}}}})
		prompt := command.Prompt{Name: name, Arguments: []command.PromptArgument{{Name: key}}}
		readsAs(t, "read", history.Surface{Resources: []command.Resource{{URI: name}}}, name)
		for _, verb := range []string{"call", "prompt"} {
			c := NewCommandLine(plainStyles(), DefaultKeyMap(), "")
			c.SetSize(80)
			c.SetTools([]mcp.Tool{{Name: name, InputSchema: schema}})
			c.SetSurface(history.Surface{Prompts: []command.Prompt{prompt}})
			c.Focus("")
			clPress(c, runes(verb+" "), keyTab)
			sanitizetest.Check(t, "the hint line after "+verb+" Tab", c.View(), true)
			line := c.input.Value()
			if strings.ContainsFunc(name, inputDrops) {
				continue // not offered: the input would drop the control characters
			}
			cmd, err := command.ParseCommand(line)
			got := cmd.Target
			if verb == "call" {
				got = cmd.Tool
			}
			if err != nil || got != name {
				t.Fatalf("Tab wrote %q for the name %q, which reads as %q (%v)", line, name, got, err)
			}
			if strings.ContainsFunc(key, inputDrops) || key == "" {
				continue // not offered: no key=value word can give it
			}
			if verb == "call" && strings.ContainsFunc(value, inputDrops) {
				continue // the member is not offered
			}
			clPress(c, keyTab)
			if verb == "call" {
				clPress(c, keyTab) // the key, then its one enum member
			} else {
				clPress(c, runes("v"))
			}
			line = c.input.Value()
			cmd, err = command.ParseCommand(line)
			if err != nil {
				t.Fatalf("Tab wrote %q for the key %q, which Enter refuses: %v", line, key, err)
			}
			var args *command.Args
			want := "v"
			if verb == "call" {
				s, _ := command.ParseSchema(schema)
				args, _, err = command.ParseArgs(cmd.Words, s)
				want = value
			} else {
				args, _, err = command.PromptArgs(&prompt, cmd.Words)
			}
			if err != nil {
				t.Fatalf("Tab wrote %q for %s=%q, which is refused: %v", line, key, want, err)
			}
			wantJSON, _ := json.Marshal(map[string]string{key: want})
			gotJSON, _ := args.MarshalJSON()
			var a, b any
			_ = json.Unmarshal(wantJSON, &a)
			_ = json.Unmarshal(gotJSON, &b)
			if !jsonEqual(a, b) {
				t.Fatalf("Tab wrote %q for %s=%q (%s), which sends %s", line, key, want, verb, gotJSON)
			}
		}
	})
}

// readsAs checks that Tab after verb writes the one name sf offers so
// that Enter reads it back as that target.
func readsAs(t *testing.T, verb string, sf history.Surface, name string) {
	t.Helper()
	c := NewCommandLine(plainStyles(), DefaultKeyMap(), "")
	c.SetSize(80)
	c.SetSurface(sf)
	c.Focus("")
	clPress(c, runes(verb+" "), keyTab)
	if strings.ContainsFunc(name, inputDrops) || name == "" {
		return // not offered; an empty URI is no resource to read
	}
	line := c.input.Value()
	cmd, err := command.ParseCommand(line)
	if err != nil && strings.ContainsAny(name, "{}") && strings.Contains(err.Error(), `'{"uri":"..."}'`) {
		return // braces read as a template's, and the refusal says how to send the URI
	}
	if err != nil || cmd.Target != name {
		t.Fatalf("Tab wrote %q for the name %q, which reads as %q (%v)", line, name, cmd.Target, err)
	}
}

// asJSON is s as it reads back from a JSON string.
func asJSON(s string) string {
	b, _ := json.Marshal(s)
	_ = json.Unmarshal(b, &s)
	return s
}

// jsonEqual compares two decoded JSON values.
func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
