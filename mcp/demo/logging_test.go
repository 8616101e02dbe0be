package demo

import (
	"context"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// logClient returns client options that hand every log message to the
// returned channel.
func logClient() (*mcp.ClientOptions, <-chan *mcp.LoggingMessageParams) {
	ch := make(chan *mcp.LoggingMessageParams, 64)
	return &mcp.ClientOptions{
		LoggingMessageHandler: func(_ context.Context, req *mcp.LoggingMessageRequest) { ch <- req.Params },
	}, ch
}

func TestErasLogHonoursTheLevel(t *testing.T) {
	ts := startDemo(t, Options{})
	forEra(t, func(t *testing.T, e era) {
		copts, logs := logClient()
		cs := e.connect(t, ts.URL, copts)

		// logAt calls log, at level (or at all levels when level is ""),
		// asking for messages at min and above.
		logAt := func(min mcp.LoggingLevel, level string) {
			t.Helper()
			params := &mcp.CallToolParams{Name: "log", Arguments: map[string]any{"message": "m"}}
			if level != "" {
				params.Arguments = map[string]any{"message": "m", "level": level}
			}
			if e.sessions {
				if min != "" {
					if err := cs.SetLoggingLevel(ctxT(t), &mcp.SetLoggingLevelParams{Level: min}); err != nil {
						t.Fatalf("logging/setLevel %s: %v", min, err)
					}
				}
			} else if min != "" {
				params.Meta = mcp.Meta{mcp.MetaKeyLogLevel: string(min)}
			}
			res, err := cs.CallTool(ctxT(t), params)
			if err != nil || res.IsError {
				t.Fatalf("log %v: %v %v", params.Arguments, err, res)
			}
		}

		// Before any level is set nothing is sent; messages arrive in order,
		// so a message from here would come before the ones below.
		logAt("", "")
		logAt("warning", "")
		for _, want := range []string{"warning", "error", "critical", "alert", "emergency"} {
			m := receive(t, logs, "log message at "+want)
			if string(m.Level) != want || m.Logger != logger || m.Data != fmt.Sprintf("m (%s)", want) {
				t.Errorf("log message = %s %s %v, want %s %s %q", m.Level, m.Logger, m.Data, want, logger, "m ("+want+")")
			}
		}
		logAt("warning", "info")
		logAt("warning", "critical")
		if m := receive(t, logs, "critical log message"); m.Level != "critical" {
			t.Errorf("after an info message below the level and a critical one, got %s first, want critical", m.Level)
		}

		if !e.sessions {
			// 2026-07-28 has no logging/setLevel: the level goes in _meta.
			err := cs.SetLoggingLevel(ctxT(t), &mcp.SetLoggingLevelParams{Level: "debug"})
			if err == nil {
				t.Error("logging/setLevel on the stateless endpoint succeeded, want method not found")
			}
		}
	})
}
