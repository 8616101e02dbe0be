package command

import (
	"fmt"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// maxSendDepth is how many levels of arrays and objects the arguments of a
// tools/call may nest: the session checks them with encoding/json before
// sending, which stops at 10,000 levels, as servers that read with it do.
const maxSendDepth = 10000

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
	return fmt.Sprintf("nested too deep to send: %d levels, %d past the %d %s can hold (mcpscope sends arguments nested at most %d levels deep, the limit of encoding/json and of servers that read with it); nest it at most %d levels deep",
		n, n-room, room, what, maxSendDepth, room)
}
