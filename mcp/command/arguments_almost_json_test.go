package command

import (
	"strings"
	"testing"
)

// Arguments pasted as JSON that is almost valid (a trailing comma, a
// missing brace) are said to be broken JSON, where the mistake is, not
// split into words whose quotes are lost and each refused as no
// key=value ("{name:": did you mean name='{name:'?).
func TestAlmostJSONArgumentsSaidAsJSON(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{`tools/call greet {"name": "x",}`, "a key is not a string in double quotes at byte 13"},
		{`tools/call greet {"name": "x"`, "the JSON ends before it is complete"},
		{`tools/call greet { "name" : "x" } }`, "more text follows the end of the JSON value"},
	} {
		_, err := ParseCommand(tt.line)
		if err == nil || !strings.Contains(err.Error(), "the arguments of tools/call greet are not one JSON object") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseCommand(%q) = %v; want the arguments refused as JSON: %s", tt.line, err, tt.want)
		}
	}
	// A key=value word that happens to start with "{" is still one.
	c, err := ParseCommand(`tools/call t {a}=1 b=2`)
	if err != nil || len(c.Words) != 2 || c.Arguments != nil {
		t.Errorf("ParseCommand({a}=1 b=2) = words %q arguments %q, %v; want two key=value words", c.Words, c.Arguments, err)
	}
}
