package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool result whose isError is a string ("yes") and not a boolean: the
// status line says so, and how mcpscope read it, and its Pairs row warns,
// instead of a plain "ok" over a result the server may have meant as a
// failure.
func TestLiveToolErrorNotABooleanIsSaid(t *testing.T) {
	l := liveEchoAnswered(t, `{"content":[{"type":"text","text":"it broke"}],"isError":"yes"}`)
	l.waitFor(`tools/call echo: isError "yes" is not a boolean: read as no error`)
	l.waitRowState("tools/call echo", "⚠ ok isErr?")
	l.quit()
}

// A tool result that names a member twice reads differently to different
// JSON readers: its Pairs row warns, as Detail's top does, where it read a
// plain "✓ ok" and only Detail said so.
func TestLiveAmbiguousAnswerMarksItsRow(t *testing.T) {
	l := liveEchoAnswered(t, `{"content":[{"type":"text","text":"one"}],"content":[{"type":"text","text":"two"}]}`)
	l.waitRowState("tools/call echo", "⚠ ok JSON?")
	l.quit()
}

// liveEchoAnswered starts a TUI on a server whose tools/call answers with
// result, and calls echo.
func liveEchoAnswered(t *testing.T, result string) *live {
	t.Helper()
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Kind == mcptest.KindRequest && c.Method == "tools/call" {
			c.Reply(`{"jsonrpc":"2.0","id":` + string(c.ID) + `,"result":` + result + `}`)
			return
		}
		c.Default()
	}})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.listTools()
	l.call("echo text=hi")
	return l
}
