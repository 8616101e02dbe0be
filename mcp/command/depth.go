package command

import (
	"fmt"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// maxSendDepth is how many levels of arrays and objects a whole message
// may nest: encoding/json stops at 10,000, and a server that reads with it
// refuses the whole message past them. The message's own object and its
// params take levels of that: see paramsRoom and argumentsRoom.
const maxSendDepth = 10000

// paramsRoom and argumentsRoom are the levels left for params given whole
// (inside the message) and for a tools/call's arguments (inside params):
// the limit is the whole message's, so arguments of 10,000 levels made a
// message of 10,002 that such a server refuses whole. (Servers differ: the
// Go SDK stops at 1,000; mcpscope, a debugger, sends what the user typed
// as long as encoding/json could read it back.)
const (
	paramsRoom    = maxSendDepth - 1
	argumentsRoom = maxSendDepth - 2
)

// nesting is how many levels of arrays and objects text nests, read with
// the one scanner, which takes any depth: 0 for a scalar, and for text that
// is no JSON, the levels read before it stopped being JSON.
func nesting(text []byte) int {
	s := jsonspan.NewScanner(text)
	deepest := 0
	for s.Next() == nil {
		t := s.Token()
		if !t.Close && !t.Key && (t.Kind == jsonspan.Array || t.Kind == jsonspan.Object) {
			deepest = max(deepest, t.Depth+1)
		}
	}
	return deepest
}

// tooDeep says, for valid JSON text that is to sit where room levels are
// left (what, for the message), what is wrong with it and what to do when
// it nests deeper than that, or "" when it fits. Every too-deep value the
// user types is refused in these words, whichever form it was typed in.
func tooDeep(text []byte, room int, what string) string {
	n := nesting(text)
	if n <= room {
		return ""
	}
	return fmt.Sprintf("nested too deep to send: %d levels, %d past the %d %s can hold (a whole message may nest at most %d levels, the limit of encoding/json and of servers that read with it); nest it at most %d levels deep",
		n, n-room, room, what, maxSendDepth, room)
}
