package history

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// ForeignSubscription is the words that go before a notification naming a
// 2026 subscription id that is none of ours (mcp marks it), for the edges
// that show it on one line; "" for any other message. The id came from
// the server: the edges sanitize it.
func ForeignSubscription(m *mcp.RPCMessage) string {
	if m == nil || m.ForeignSubscription == "" {
		return ""
	}
	return "for a subscription we do not have (subscriptionId " + m.ForeignSubscription + "): "
}

// NoteWords are what a notification the server sent says, for the edges
// that show it on one line (a Pairs row, exec's notes): a log message's
// level, logger and text, a resource update's URI. They came from the
// server: the edges sanitize them.
type NoteWords struct {
	Level, Logger string
	// Text is a log message's data: a JSON string as its text, anything
	// else as compact JSON.
	Text string
	URI  string
	// Task and Status are a notifications/tasks/status message's task id
	// and status; its statusMessage is Text.
	Task, Status string
	// Cancelled is the request id (its JSON) a notifications/cancelled
	// names; its reason is Text.
	Cancelled string
	// Ours is, when Cancelled names no question of the server's but a
	// request of ours in flight (mcp marks it), what that request asked
	// ("tools/call echo"); set by ReadNoteOf.
	Ours string
	// Elicitation is the id a notifications/elicitation/complete names.
	Elicitation string
	// Odd says what is wrong with a log message's level or logger (a
	// level of 5 or "loud", a logger that is an object), so its line
	// says so rather than reading as an ordinary log line, or as a bare
	// method with its text lost.
	Odd string
}

// notedMethods are the notifications ReadNote reads.
var notedMethods = map[string]bool{
	"notifications/message": true, "notifications/resources/updated": true, "notifications/tasks/status": true,
	"notifications/cancelled": true, "notifications/elicitation/complete": true,
}

// ReadNote reads the words of a notifications/message, a
// notifications/resources/updated, a notifications/tasks/status, a
// notifications/cancelled or a notifications/elicitation/complete message
// raw; ok is false for another method, or one without them (a log message
// with no level, an update with no URI, a status with no task or no status,
// a cancellation naming no request, a completion naming no elicitation),
// which is shown by its method.
func ReadNote(method string, raw []byte) (w NoteWords, ok bool) {
	if !notedMethods[method] {
		return w, false
	}
	var p struct {
		Data json.RawMessage
		URI  string
		// notifications/tasks/status
		TaskID, Status, StatusMessage string
		// notifications/cancelled, notifications/elicitation/complete
		RequestID     json.RawMessage
		Reason        string
		ElicitationID string
	}
	// The one JSON scanner reads the message and only the members named
	// here are decoded, each by its exact key: a _meta (or anything
	// else) nested deeper than encoding/json reads costs only itself, not
	// the task's status or the log line beside it.
	doc, err := jsonspan.Parse(raw, jsonspan.Limits{Depth: 2})
	if err != nil || doc.Root().Kind() != jsonspan.Object {
		return w, false
	}
	params := doc.Root().Get("params")
	if k := params.Kind(); k != 0 && k != jsonspan.Null && k != jsonspan.Object {
		return w, false
	}
	// data and requestId are kept as written (a null one as none, as
	// encoding/json keeps it): a log message's deep data loses its text,
	// not its level.
	p.Data, p.RequestID = rawOrNil(params.Get("data")), rawOrNil(params.Get("requestId"))
	if errors.Join(params.DecodeField("uri", &p.URI), params.DecodeField("taskId", &p.TaskID),
		params.DecodeField("status", &p.Status), params.DecodeField("statusMessage", &p.StatusMessage),
		params.DecodeField("reason", &p.Reason), params.DecodeField("elicitationId", &p.ElicitationID)) != nil {
		return w, false
	}
	switch method {
	case "notifications/resources/updated":
		return NoteWords{URI: p.URI}, p.URI != ""
	case "notifications/tasks/status":
		if p.TaskID == "" || p.Status == "" {
			return w, false
		}
		return NoteWords{Task: p.TaskID, Status: p.Status, Text: p.StatusMessage}, true
	case "notifications/cancelled":
		var id bytes.Buffer
		if json.Compact(&id, p.RequestID) != nil || id.String() == "null" {
			return w, false
		}
		return NoteWords{Cancelled: id.String(), Text: p.Reason}, true
	case "notifications/elicitation/complete":
		return NoteWords{Elicitation: p.ElicitationID}, p.ElicitationID != ""
	}
	w, ok = logWords(params.Get("level"), params.Get("logger"))
	if !ok {
		return w, false
	}
	if json.Unmarshal(p.Data, &w.Text) != nil {
		var b bytes.Buffer
		if json.Compact(&b, p.Data) == nil {
			w.Text = b.String()
		}
	}
	return w, true
}

// logWords are a log message's level and logger, with what is odd about
// them: the level is one of the eight syslog names (command.LogLevels) and
// the logger a string, and anything else is still shown, as its JSON, and
// said, so a level of 5 keeps its message. ok is false without a level.
func logWords(level, logger jsonspan.Value) (w NoteWords, ok bool) {
	var odd []string
	switch level.Kind() {
	case 0, jsonspan.Null:
		return w, false
	case jsonspan.String:
		if json.Unmarshal(level.Raw(), &w.Level) != nil || w.Level == "" {
			return w, false
		}
		if !slices.Contains(command.LogLevels, w.Level) {
			odd = append(odd, "its level is none of "+strings.Join(command.LogLevels, ", "))
		}
	default:
		w.Level = mcp.Excerpt(level.Raw())
		odd = append(odd, "its level is "+level.KindName()+", where a string belongs")
	}
	if k := logger.Kind(); k == jsonspan.String {
		_ = json.Unmarshal(logger.Raw(), &w.Logger) // A string that does not decode has no logger to show.
	} else if k != 0 && k != jsonspan.Null {
		odd = append(odd, "its logger is "+logger.KindName()+", where a string belongs")
	}
	w.Odd = strings.Join(odd, "; ")
	return w, true
}

// ReadNoteOf is ReadNote of a notification as it was logged, with what the
// session knew of it as it came: the request of ours a cancellation names.
func ReadNoteOf(m *mcp.RPCMessage) (NoteWords, bool) {
	w, ok := ReadNote(m.Method, []byte(m.Raw))
	if ok && w.Cancelled != "" && m.CancelsOurs != nil {
		w.Ours = m.CancelsOurs.What
	}
	return w, ok
}

// rawOrNil is v's exact bytes, or nil when it is not there.
func rawOrNil(v jsonspan.Value) json.RawMessage {
	if !v.Exists() {
		return nil
	}
	return v.Raw()
}

// Line is what the notification says as one line, the same words for
// every edge: "log LEVEL: text" (with the logger after the level when
// logger is true: exec has room, a Pairs row leaves it to Detail),
// "updated URI", "task ID STATUS: text", "server cancelled its own
// request ID: reason" (or, when the id is a request of ours in flight,
// "the server said it cancelled request ID, a request sent to it (tools/call x): reason"),
// "elicitation ID complete". fit is the edge's own cut of a
// server's words to n bytes (the UI also sanitizes in it; exec's printer
// sanitizes the whole line): the short names get budgets of their own,
// and the text and the URI get text bytes, or all of them when text is 0,
// for an edge that prints a log message whole.
func (w NoteWords) Line(fit func(s string, n int) string, text int, logger bool) string {
	words := func(s string) string {
		if text <= 0 {
			return s
		}
		return fit(s, text)
	}
	var line string
	switch {
	case w.URI != "":
		return "updated " + words(w.URI)
	case w.Task != "":
		line = "task " + fit(w.Task, 64) + " " + fit(w.Status, 32)
	case w.Cancelled != "" && w.Ours != "":
		// No question of the server's waits under the id, one of ours
		// does: the server meant ours, against the specification, or
		// cancelled a request of its own it never sent. Said as it is,
		// neither as ours cancelled nor as the server's own; "sent to
		// it", as a proxy's client sent it, not mcpscope.
		// What ours asked is cut as a row and every line cut a
		// request's subject (mcp.NameLimit), not at a limit of its own.
		line = "the server said it cancelled request " + fit(w.Cancelled, 64) + ", a request sent to it (" + fit(w.Ours, mcp.NameLimit) + ")"
	case w.Cancelled != "":
		// A cancellation names a request its sender sent (2025-11-25,
		// cancellation: "previously issued in the same direction"): the
		// server's own, in the server's id space, whatever request of
		// ours has the same id; "cancelled request 3" read as ours.
		line = "server cancelled its own request " + fit(w.Cancelled, 64)
	case w.Elicitation != "":
		return "elicitation " + fit(w.Elicitation, 64) + " complete"
	default:
		line = "log " + fit(w.Level, 16)
		if logger && w.Logger != "" {
			line += " " + fit(w.Logger, mcp.NameLimit)
		}
	}
	if w.Text != "" {
		line += ": " + words(w.Text)
	}
	if w.Odd != "" {
		// Through fit: an edge sanitizes in it, and the level in
		// Odd's words came from the server.
		line += " (" + fit(w.Odd, 200) + ")"
	}
	return line
}
