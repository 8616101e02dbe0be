package command

import (
	"slices"
	"strings"
	"testing"
)

// FuzzParseCommandNames: any line parses or fails without a panic, and a
// tool name and value the server chose, put back into a line with
// QuoteName and ShellQuote as completion does, read back as exactly that
// name and that key=value word, whatever quotes, blanks or bytes they hold.
func FuzzParseCommandNames(f *testing.F) {
	for _, s := range []struct{ line, name, value string }{
		{"tools/call greet name=Ann", "greet", "Ann"},
		{`call 'a b' x:='{"a":1}'`, "it's", `"quoted" \back`},
		{"read {+path} path=/etc", "{json}", "\n\t\r"},
		{"prompt p {", "--all", "=="},
		{"complete prompt p arg=x", "\xff\xfe", "\x00"},
		{"tools/call", "", ""},
		{`tools/list --all cursor="c d"`, "a=b", "'"},
	} {
		f.Add(s.line, s.name, s.value)
	}
	f.Fuzz(func(t *testing.T, line, name, value string) {
		if c, err := ParseCommand(line); err == nil && c.Method == "" {
			t.Fatalf("ParseCommand(%q) gave no method and no error", line)
		}
		if name == "" {
			return
		}
		typed := "tools/call " + QuoteName(name) + " " + ShellQuote("k="+value)
		c, err := ParseCommand(typed)
		if err != nil {
			t.Fatalf("ParseCommand(%q): %v", typed, err)
		}
		if c.Tool != name || !slices.Equal(c.Words, []string{"k=" + value}) {
			t.Fatalf("ParseCommand(%q) = tool %q words %q; want %q and %q", typed, c.Tool, c.Words, name, "k="+value)
		}
	})
}

// A tool or prompt name holding = or { (a server may name one so) can be
// called when it is quoted; unquoted it still reads as a forgotten name.
func TestQuotedNameWithEqualsIsAName(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{`tools/call 'a=b' k=v`, "a=b"},
		{`call "{x}"`, "{x}"},
		{`prompts/get 'p=q' arg=1`, "p=q"},
	} {
		c, err := ParseCommand(tt.line)
		if err != nil || c.Tool+c.Target != tt.want {
			t.Errorf("ParseCommand(%q) = tool %q target %q, %v; want the name %q", tt.line, c.Tool, c.Target, err, tt.want)
		}
	}
	if _, err := ParseCommand(`tools/call a=b`); err == nil || !strings.Contains(err.Error(), "goes in quotes") {
		t.Errorf("ParseCommand(tools/call a=b) = %v; want the hint to quote the name", err)
	}
}
