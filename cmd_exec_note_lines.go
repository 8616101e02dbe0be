package main

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// replyLine says what the server asked of exec and how it was answered
// (roots from --root, a form or a message from --answer), so the questions
// behind a tool's result are not invisible; a ping is plumbing.
func replyLine(m *mcp.RPCMessage) string {
	var reply struct {
		Error *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	_ = json.Unmarshal([]byte(m.Raw), &reply) // our own reply: it is JSON
	if reply.Error != nil && reply.Error.Code == mcp.CodeUserRejected {
		return "declined the server's " + clip.Quote(m.Method, 200) + " (--answer said decline)"
	}
	if reply.Error != nil {
		// Its reason alone: "refused the server's X: mcpscope could not
		// answer X: why" said the refusal twice.
		return "refused the server's " + clip.Quote(m.Method, 200) + ": " + clip.Quote(mcp.RefusalReason(m.Method, reply.Error.Message), 1024)
	}
	return "answered the server's " + clip.Quote(m.Method, 200)
}

// roundLine says a 2026 request went again with the input its answer
// asked for (input_required), naming the inputRequests keys answered.
func roundLine(m *mcp.RPCMessage) string {
	var sent struct {
		Params struct {
			InputResponses map[string]json.RawMessage `json:"inputResponses"`
		} `json:"params"`
	}
	_ = json.Unmarshal([]byte(m.Raw), &sent) // our own request: it is JSON
	keys := slices.Sorted(maps.Keys(sent.Params.InputResponses))
	line := "sent " + clip.Quote(m.Method, 200) + " again"
	if len(keys) > 0 {
		line += " with the input it asked for: " + clip.ListFunc(keys, mcp.MaxListed, func(k string) string { return clip.Quote(k, 200) })
	}
	return line
}

// noteLine is a notification as one line, said to be for a subscription
// we do not have when it is; what it says came from the server and is
// sanitized, to one line, by the printer. recording is where a cut text is whole.
func noteLine(m *mcp.RPCMessage, recording string) string {
	return history.ForeignSubscription(m) + noteWords(m, recording)
}

// noteWords is what a notification says, read as its method says, its
// text cut past maxNoteText with a pointer to the rest.
func noteWords(m *mcp.RPCMessage, recording string) string {
	line, cut := noteText(m, maxNoteText)
	if cut {
		if recording != "" {
			line += " (all of it is in the recording " + recording + ", and in exec --json)"
		} else {
			line += " (exec --json shows all of it)"
		}
	}
	return line
}

// noteText is what a notification says, read as its method says (its
// method, when that says nothing more), its text and URI cut to max bytes;
// cut says they were.
func noteText(m *mcp.RPCMessage, max int) (line string, cut bool) {
	w, ok := history.ReadNoteOf(m)
	if !ok {
		return clip.Quote(m.Method, 200), false
	}
	return w.Line(clip.Quote, max, true), len(w.Text) > max || len(w.URI) > max
}
