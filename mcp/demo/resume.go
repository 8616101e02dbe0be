package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func (g *gateway) addCutStream() {
	mcp.AddTool(g.server, &mcp.Tool{
		Name:  "cut_stream",
		Title: "Cut the response stream",
		Description: "Works in steps like slow, but on streamable HTTP with sessions (/mcp) it ends its own response stream after " +
			"cut_after steps (with retry: retry_ms from 2025-11-25), so the client must GET with Last-Event-ID to resume " +
			"and get the rest from the event store. Send a progressToken (or use 2025-11-25, whose streams start with a " +
			"priming event) so there is an event id to resume from. Elsewhere nothing is cut.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"steps":     {"type": "integer", "minimum": 1, "maximum": 20, "default": 4, "description": "Number of steps, each followed by a progress notification (1 to 20)."},
				"cut_after": {"type": "integer", "minimum": 0, "maximum": 20, "default": 2, "description": "Steps done before the stream is cut (0 to 20; at steps or more, the answer comes first and nothing is cut)."},
				"step_ms":   {"type": "integer", "minimum": 0, "maximum": 5000, "default": 100, "description": "How long each step takes, in milliseconds (0 to 5000)."},
				"retry_ms":  {"type": "integer", "minimum": 0, "maximum": 60000, "default": 500, "description": "The retry: delay sent when cutting, in milliseconds (0 sends none)."}
			},
			"additionalProperties": false
		}`),
	}, cutStream)
}

type cutArgs struct {
	Steps    int `json:"steps"`
	CutAfter int `json:"cut_after"`
	StepMs   int `json:"step_ms"`
	RetryMs  int `json:"retry_ms"`
}

func cutStream(ctx context.Context, req *mcp.CallToolRequest, in cutArgs) (*mcp.CallToolResult, any, error) {
	// Only a streamable session has both a way to cut (the SDK gives a
	// handler CloseSSEStream on streamable HTTP) and a way back (its event
	// store, keyed by session id). A legacy SSE session has no id, a
	// stateless one no store.
	canCut := req.Extra != nil && req.Extra.CloseSSEStream != nil && req.Session.ID() != "" &&
		req.ProtocolVersion() < protocol2026
	steps := max(in.Steps, 1)
	token := req.Params.GetProgressToken()
	cut := false
	step := time.Duration(in.StepMs) * time.Millisecond
	timer := time.NewTimer(step)
	defer timer.Stop()
	for done := 0; done < steps; done++ {
		if done == in.CutAfter && canCut {
			// What follows goes to the event store until the client is back.
			req.Extra.CloseSSEStream(mcp.CloseSSEStreamArgs{RetryAfter: time.Duration(in.RetryMs) * time.Millisecond})
			cut = true
		}
		select {
		case <-ctx.Done():
			return nil, nil, fmt.Errorf("cut_stream stopped after %d of %d steps: %w", done, steps, context.Cause(ctx))
		case <-timer.C:
		}
		if token != nil {
			err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
				ProgressToken: token, Progress: float64(done + 1), Total: float64(steps),
				Message: fmt.Sprintf("step %d of %d", done+1, steps),
			})
			if err != nil {
				return nil, nil, fmt.Errorf("cut_stream: sending progress for step %d of %d: %w", done+1, steps, err)
			}
		}
		timer.Reset(step)
	}
	if !cut {
		return textResult(fmt.Sprintf("done: %d steps; nothing was cut (only streamable HTTP with sessions can resume a stream)", steps)), nil, nil
	}
	return textResult(fmt.Sprintf("done: %d steps; the response stream was cut after step %d, so this answer came on a resumed stream",
		steps, in.CutAfter)), nil, nil
}
