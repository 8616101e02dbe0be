package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func (g *gateway) addSlow() {
	mcp.AddTool(g.server, &mcp.Tool{
		Name:  "slow",
		Title: "Slow work with progress",
		Description: "Works for the given number of seconds in equal steps, sending a progress notification after each step " +
			"when the call carries a progressToken; calls sent meanwhile are answered first. Cancelling the call " +
			"(notifications/cancelled, or closing its stream on 2026-07-28) stops it, with a warning log message saying after how many steps.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"seconds": {"type": "number", "minimum": 0, "maximum": 30, "default": 2, "description": "How long to work before answering, in seconds (0 to 30, fractions allowed)."},
				"steps":   {"type": "integer", "minimum": 1, "maximum": 20, "default": 4, "description": "Number of equal steps, each followed by a progress notification (1 to 20)."}
			},
			"additionalProperties": false
		}`),
	}, slow)
}

type slowArgs struct {
	Seconds float64 `json:"seconds"`
	Steps   int     `json:"steps"`
}

func slow(ctx context.Context, req *mcp.CallToolRequest, in slowArgs) (*mcp.CallToolResult, any, error) {
	steps := max(in.Steps, 1)
	step := time.Duration(in.Seconds * float64(time.Second) / float64(steps))
	var token any
	if req != nil && req.Params != nil {
		token = req.Params.GetProgressToken()
	}
	timer := time.NewTimer(step)
	defer timer.Stop()
	for i := 1; i <= steps; i++ {
		select {
		case <-ctx.Done():
			err := fmt.Errorf("slow stopped after %d of %d steps: %w", i-1, steps, context.Cause(ctx))
			reportStop(req, err)
			return nil, nil, err
		case <-timer.C:
		}
		if token != nil && req.Session != nil {
			err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
				ProgressToken: token,
				Progress:      float64(i),
				Total:         float64(steps),
				Message:       fmt.Sprintf("step %d of %d", i, steps),
			})
			if err != nil {
				return nil, nil, fmt.Errorf("slow: sending progress for step %d of %d: %w", i, steps, err)
			}
		}
		timer.Reset(step)
	}
	// No measured duration in the answer: it would make every re-run differ.
	return textResult(fmt.Sprintf("done: worked %gs in %d steps", in.Seconds, steps)), nil, nil
}

// reportStop tells the client, as a warning log message, that a call it
// cancelled did stop. The SDK also answers the cancelled request with the
// error, which a client that forgot the request shows as a late answer.
func reportStop(req *mcp.CallToolRequest, err error) {
	if req == nil || req.Session == nil {
		return
	}
	// Not the call's own context, which is done, and not anything derived
	// from it: on streamable HTTP that would send the message on the
	// cancelled request's stream, which the client has stopped reading. A
	// fresh context sends it on the session's own stream.
	bg, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = req.Session.Log(bg, &mcp.LoggingMessageParams{Level: "warning", Logger: logger, Data: err.Error()})
}
