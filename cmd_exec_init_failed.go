package main

import (
	"fmt"
	"strings"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// notSentAfterInitialize says why the commands after an initialize that
// failed are not sent. A server refuses requests on a session it has not
// initialized (a 404, or an error the commands' own output would have
// blamed on them), and sending them anyway gave one answer for tools/list
// (the server's) and another for tools/call (mcpscope's "send initialize
// first", which exec had just done).
func notSentAfterInitialize(rest []command.Command) string {
	const most = 3
	var names []string
	for i, c := range rest {
		if i == most {
			names = append(names, fmt.Sprintf("%d more", len(rest)-most))
			break
		}
		names = append(names, sanitize.Line(c.Line))
	}
	verb := "was"
	if len(rest) > 1 {
		verb = "were"
	}
	return fmt.Sprintf("error: %s %s not sent: initialize failed (above), so the session is not initialized, and a server refuses requests on such a session\n  hint: mend what initialize's error says, then run exec again",
		strings.Join(names, ", "), verb)
}
