package command

import (
	"errors"
	"testing"
)

// A list Command not typed (built by hand, as the TUI builds its listings)
// is refused by running it in the words ParseCommand says of the same
// line, where before running said "takes one cursor, as text" of words
// ParseCommand never let through.
func TestListCommandRefusedInTheWordsOfTheTypedLine(t *testing.T) {
	for line, c := range map[string]Command{
		"tools/list x=1":                    {Method: "tools/list", Words: []string{"x=1"}},
		"prompts/list cursor=a cursor=b":    {Method: "prompts/list", Words: []string{"cursor=a", "cursor=b"}},
		`resources/list cursor="" cursor=a`: {Method: "resources/list", Words: []string{"cursor=a"}, EmptyCursor: true},
	} {
		_, typed := ParseCommand(line)
		_, ran := listCursor(c)
		var usage *UsageError
		if typed == nil || ran == nil || !errors.As(ran, &usage) || usage.Err.Error() != typed.Error() {
			t.Errorf("%s: typed, %v; run, %v: want the same words, as a usage error", line, typed, ran)
		}
	}
	if cur, err := listCursor(Command{Method: "tools/list", Words: []string{"cursor=a b"}}); err != nil || cur.Text != "a b" || !cur.Named {
		t.Errorf("cursor=a b reads %+v, %v", cur, err)
	}
}
