package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"time"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// jsonPair is one row in ExportJSON, but for its messages.
type jsonPair struct {
	Row     int             `json:"row"`
	ID      json.RawMessage `json:"id"` // the JSON-RPC id as sent; null without one
	Method  string          `json:"method,omitempty"`
	Tool    string          `json:"tool,omitempty"`
	Subject string          `json:"subject,omitempty"` // a prompt's name, a resource's URI, a log level, what a completion completes
	Kind    PairKind        `json:"kind"`
	State   PairState       `json:"state"`
	// StateNote is what the state alone does not say, as the Markdown
	// export says it beside the state: "not sent: could not connect" for
	// a message no connection was made for (NotSentWords), where
	// "post-failed" and the failure alone read as a POST the server got.
	StateNote string `json:"state_note,omitempty"`
	// Sent is when the row's first message was recorded, the server's
	// too (the name kept for readers of earlier exports); Received is that
	// time again, named for what it is, on a row the server's message
	// opened (a notification-in, a server-request, an invalid message).
	Sent       *time.Time `json:"sent,omitempty"`
	Received   *time.Time `json:"received,omitempty"`
	PostStatus int        `json:"post_status,omitempty"`
	PostMS     *float64   `json:"post_ms"`
	LatencyMS  *float64   `json:"latency_ms"`
	Failure    string     `json:"failure,omitempty"`
	// Given are the answers a 2026 round that ended early was given, by
	// its inputRequests key: it was not sent again, so no message holds
	// them (Detail's "given" lines).
	Given map[string]json.RawMessage `json:"given,omitempty"`
	// Progress is what the request's notifications/progress said, which
	// are folded into its row: the newest of them and how many came.
	Progress *jsonProgress `json:"progress,omitempty"`
}

// jsonProgress is a row's progress in the JSON export: the newest
// notifications/progress's values, how many came, and how they first broke
// the rules for progress ("" when they kept to them).
type jsonProgress struct {
	Progress      float64 `json:"progress"`
	Total         float64 `json:"total,omitempty"`
	Message       string  `json:"message,omitempty"`
	Notifications int     `json:"notifications"`
	Problem       string  `json:"problem,omitempty"`
}

// ExportJSON writes the session's rows as one JSON document: the header and
// an array of rows whose messages are embedded as JSON when they are JSON and
// as strings when they are not. Rows are written one at a time, and their
// messages as they are read, so an export of any size costs the memory of
// its largest message.
func ExportJSON(w io.Writer, h Header, log *Log) error {
	return ExportJSONNoting(w, h, log, nil)
}

// ExportJSONNoting is ExportJSON with what is wrong with the recording (as
// ExportMarkdownNoting) in a "warnings" member after the header.
func ExportJSONNoting(w io.Writer, h Header, log *Log, warnings []string) error {
	if h.Format == "" {
		h.Format, h.Version = Format, FormatVersion
	}
	b := bufio.NewWriterSize(w, 64<<10)
	head, err := json.MarshalIndent(h, "  ", "  ")
	if err != nil {
		return err
	}
	b.WriteString(exportJSONOpening)
	b.Write(sanitize.JSON(head))
	if len(warnings) > 0 {
		list, err := json.MarshalIndent(warnings, "  ", "  ")
		if err != nil {
			return err
		}
		b.WriteString(",\n  \"warnings\": ")
		b.Write(sanitize.JSON(list))
	}
	if h.Demo {
		// The header's URL names the demo's random port, closed with it:
		// the name the sessions listing and a replay give it.
		name, err := json.Marshal(h.Server())
		if err != nil {
			return err
		}
		b.WriteString(",\n  \"server\": ")
		b.Write(sanitize.JSON(name))
	}
	if n := log.Negotiation(); n.Transport != "" {
		// The header keeps what was asked for ("auto"); this is what
		// the session used.
		used, err := json.Marshal(n.Transport)
		if err != nil {
			return err
		}
		b.WriteString(",\n  \"transport\": ")
		b.Write(sanitize.JSON(used))
	}
	if n := log.Negotiation(); n.Client != nil {
		// A proxied session: the client it recorded.
		who, err := json.Marshal(jsonClient{Name: n.ClientName, Version: n.ClientVersion,
			UserAgent: mcp.RecordedHeader(n.Client.RequestHeaders, "User-Agent"), Via: n.Client.URL})
		if err != nil {
			return err
		}
		b.WriteString(",\n  \"client\": ")
		b.Write(sanitize.JSON(who))
	}
	b.WriteString(",\n  \"pairs\": [")
	for i := 0; i < log.PairCount(); i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		if err := writeJSONPair(b, i+1, log.Pair(i)); err != nil {
			return err
		}
	}
	if log.PairCount() > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Flush()
}

// jsonClient is a proxied session's client in the JSON export: the
// clientInfo it sent, its User-Agent, and the proxy URL it came in at.
type jsonClient struct {
	Name      string `json:"name,omitempty"`
	Version   string `json:"version,omitempty"`
	UserAgent string `json:"user_agent,omitempty"`
	Via       string `json:"via"`
}

// writeJSONPair writes one row at the indentation of the pairs array: the
// small fields through encoding/json, then the messages pretty-printed as
// they are read.
func writeJSONPair(b *bufio.Writer, row int, p *Pair) error {
	jp := jsonPair{Row: row, ID: jsonOrNull(p.ID), Method: p.Method, Tool: p.Tool, Subject: p.Subject, Kind: p.Kind, State: p.State,
		StateNote: p.NotSentWords()}
	if !p.Sent.IsZero() {
		jp.Sent = &p.Sent
		if opener := p.opener(); opener != nil && opener.Kind == mcp.KindReceived {
			jp.Received = &p.Sent
		}
	}
	if p.Post != nil && p.Post.HTTP != nil {
		jp.PostStatus = p.Post.HTTP.Status
		jp.PostMS = msFloat(p.PostLatency)
	}
	if p.Request != nil && (p.Response != nil || p.Reply != nil) {
		jp.LatencyMS = msFloat(p.Latency)
	}
	if why := p.ResultTypeFailure(); why != "" {
		jp.Failure = why
	}
	if p.Failure != nil && p.Failure.Error != nil {
		jp.Failure = p.Failure.Error.Message
		if given := p.Failure.Error.Given; len(given) > 0 {
			jp.Given = make(map[string]json.RawMessage, len(given))
			for key, answer := range given {
				jp.Given[key] = json.RawMessage(embedded(answer))
			}
		}
	}
	if p.reportedProgress() || p.ProgressProblem != "" {
		jp.Progress = &jsonProgress{Progress: p.Progress, Total: p.Total, Message: p.ProgressMessage,
			Notifications: p.Notifications, Problem: p.ProgressProblem}
	}
	var head bytes.Buffer
	enc := json.NewEncoder(&head)
	enc.SetEscapeHTML(false)
	enc.SetIndent("    ", "  ")
	if err := enc.Encode(jp); err != nil {
		return err
	}
	// Drop the closing "\n    }\n"; the messages go before it.
	fields := bytes.TrimSuffix(bytes.TrimRight(head.Bytes(), "\n"), []byte("}"))
	b.Write(sanitize.JSON(bytes.TrimRight(fields, " \n")))
	msg := func(name string, r *mcp.Record) {
		b.WriteString(",\n      \"" + name + "\": ")
		writePretty(b, message(r), "      ", true)
	}
	msg("request", p.Request)
	msg("response", p.Response)
	if p.Reply != nil {
		msg("reply", p.Reply)
	}
	b.WriteString("\n    }")
	return nil
}

// msFloat is d in milliseconds for the JSON export, nil (null) where it
// is impossible, as ms says it is unknown.
func msFloat(d time.Duration) *float64 {
	if impossible(d) {
		return nil
	}
	v := float64(d) / float64(time.Millisecond)
	return &v
}

func jsonOrNull(s string) json.RawMessage {
	if s == "" || !jsonText(s) {
		return json.RawMessage("null")
	}
	return json.RawMessage(s)
}

// message is a record's JSON-RPC message as JSON when it is JSON, else as
// a JSON string (or {"base64": ...} for bytes that are not text).
func message(r *mcp.Record) string {
	if r == nil || r.RPC == nil {
		return "null"
	}
	return embedded(r.RPC.Raw)
}

// embedded is raw as JSON when it is JSON, else as a JSON string (or
// {"base64": ...} for bytes that are not text).
func embedded(raw mcp.Raw) string {
	if jsonText(string(raw)) {
		return string(raw)
	}
	b, err := raw.MarshalJSON()
	if err != nil {
		return "null"
	}
	return string(b)
}
