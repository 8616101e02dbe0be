package history

import (
	"bytes"
	"encoding/json"
)

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
	// Status and StatusMessage are a task's, from notifications/tasks/status
	// (2025-11-25 tasks); the task's id is in the message, for Detail.
	Status, StatusMessage string
}

// ReadNote reads the words of a notifications/message, a
// notifications/resources/updated or a notifications/tasks/status message
// raw; ok is false for another method, or one without them (a log message
// with no level, an update with no URI, a status with no status), which is
// shown by its method.
func ReadNote(method string, raw []byte) (w NoteWords, ok bool) {
	switch method {
	case "notifications/message", "notifications/resources/updated", "notifications/tasks/status":
	default:
		return w, false
	}
	var m struct {
		Params struct {
			Level         string          `json:"level"`
			Logger        string          `json:"logger"`
			Data          json.RawMessage `json:"data"`
			URI           string          `json:"uri"`
			Status        string          `json:"status"`
			StatusMessage string          `json:"statusMessage"`
		} `json:"params"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return w, false
	}
	p := m.Params
	switch method {
	case "notifications/resources/updated":
		return NoteWords{URI: p.URI}, p.URI != ""
	case "notifications/tasks/status":
		return NoteWords{Status: p.Status, StatusMessage: p.StatusMessage}, p.Status != ""
	}
	if p.Level == "" {
		return w, false
	}
	w = NoteWords{Level: p.Level, Logger: p.Logger}
	if json.Unmarshal(p.Data, &w.Text) != nil {
		var b bytes.Buffer
		if json.Compact(&b, p.Data) == nil {
			w.Text = b.String()
		}
	}
	return w, true
}
