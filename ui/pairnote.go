package ui

import (
	"bytes"
	"encoding/json"

	"github.com/mcpscope/mcpscope/history"
)

// notifyNoteMax bounds the notification a row reads its words from: a row
// is drawn every frame, and a log message can carry any amount of data.
const notifyNoteMax = 16 << 10

// notifyText is how a notification the server sent reads in Pairs when
// its method alone says little: a log message as "log LEVEL: its data"
// (exec prints it so too), a resource update as "updated URI", a task's
// status as "task STATUS: its message". A column of
// "notifications/mes…" rows left the reader to open each one.
func notifyText(pr *history.Pair) (string, bool) {
	if pr.Kind != history.KindNotificationIn || pr.Request == nil || pr.Request.RPC == nil || len(pr.Request.RPC.Raw) > notifyNoteMax {
		return "", false
	}
	var m struct {
		Params struct {
			Level string          `json:"level"`
			Data  json.RawMessage `json:"data"`
			URI   string          `json:"uri"`
			// A task's status notification (2025-11-25 tasks).
			Status        string `json:"status"`
			StatusMessage string `json:"statusMessage"`
		} `json:"params"`
	}
	if json.Unmarshal([]byte(pr.Request.RPC.Raw), &m) != nil {
		return "", false
	}
	p := m.Params
	switch pr.Method {
	case "notifications/message":
		if p.Level == "" {
			return "", false
		}
		// The level and the text first; the logger is in Detail.
		t := "log " + wireLine(p.Level, 16)
		var s string
		if json.Unmarshal(p.Data, &s) != nil {
			var b bytes.Buffer
			if json.Compact(&b, p.Data) == nil {
				s = b.String()
			}
		}
		if s != "" {
			t += ": " + wireLine(s, 200)
		}
		return t, true
	case "notifications/resources/updated":
		if p.URI != "" {
			return "updated " + wireLine(p.URI, 200), true
		}
	case "notifications/tasks/status":
		// The status and what the server says of it; the task's id is
		// in Detail.
		if p.Status == "" {
			return "", false
		}
		t := "task " + wireLine(p.Status, 32)
		if p.StatusMessage != "" {
			t += ": " + wireLine(p.StatusMessage, 200)
		}
		return t, true
	}
	return "", false
}
