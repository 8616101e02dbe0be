package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// maxToolPages and maxToolBytes bound tools/list pagination against a
// server whose cursor never ends, or whose pages never stop growing: what a
// listing holds stays in memory for completion.
const maxToolPages = 100

var maxToolBytes = 128 << 20

// Request sends any request and waits for its answer.
// In the 2026 era an answer asking for input is answered (see roundTrip).
// A tools/list answered, whoever sent it (ListTools, a command typed as
// JSON, a re-run of a recording), is what the session knows of the tools
// (learnTools): a 2026 call mirrors its arguments into the headers the
// listed schema asks for, and a call without them is refused.
func (s *Session) Request(ctx context.Context, method string, params json.RawMessage) (*Response, error) {
	if method != "tools/list" {
		return s.roundTrip(ctx, method, "", params)
	}
	listing := s.startListing()
	resp, err := s.roundTrip(ctx, method, "", params)
	if err == nil && resp != nil && resp.Error == nil {
		s.learnTools(listing, params, resp)
	}
	return resp, err
}

// learnTools reads resp, an answer to tools/list sent with params as
// listing (startListing), once (resp.Tools hands the page read along) and
// keeps its tools as the session's (keepTools): the first page's replace
// those known, a later page's (params name a cursor) are added to them, a
// tool named again replacing its entry. An answer that is no tool list
// leaves them as they were.
func (s *Session) learnTools(listing uint64, params json.RawMessage, resp *Response) {
	page, err := s.readTools(resp)
	if err != nil {
		return
	}
	p, ok := objectOf(params, 1)
	// "cursor": null names no page: the answer is the first.
	later := ok && p.Get("cursor").Exists() && p.Get("cursor").Kind() != jsonspan.Null
	s.keepTools(listing, page.Tools, later)
}

// readTools reads resp, an answer to tools/list, once, with the headers a
// 2026 call mirrors its arguments into, and hands the page along with resp
// (resp.Tools).
func (s *Session) readTools(resp *Response) (ToolPage, error) {
	page, err := ParseTools(resp.Result)
	if err != nil {
		return page, err
	}
	if s.modern() {
		for i := range page.Tools {
			page.Tools[i].readParamHeaders()
		}
		page.HeadersRead = true
	}
	resp.tools = &page
	return page, nil
}

// Checked passes on what a request returned, with the answer's JSON-RPC
// error as the error when the request itself went through: for callers to
// whom an error answer is a failure like any other.
func Checked(resp *Response, err error) (*Response, error) {
	if err == nil && resp != nil && resp.Error != nil {
		err = resp.Error
	}
	return resp, err
}

// Initialize runs the handshake: initialize with the newest protocol version
// mcpscope knows, then notifications/initialized once the result is in.
func (s *Session) Initialize(ctx context.Context) (*Response, error) {
	return s.InitializeWith(ctx, nil)
}

// InitializeWith is Initialize with params sent as typed when not nil: a
// debugger must be able to offer another protocol version or odd
// capabilities on purpose. On a transport with sessions it starts a new
// session.
func (s *Session) InitializeWith(ctx context.Context, params json.RawMessage) (*Response, error) {
	s.mu.Lock()
	tr := s.tr
	s.mu.Unlock()
	if _, modern := modernOf(tr); modern && params == nil {
		// The 2026 era has no initialize: discover is what opens it.
		return s.Discover(ctx)
	}
	if params == nil {
		params = s.initParams()
	}
	if tr != nil {
		tr.beforeInitialize()
	}
	l, legacyEra := tr.(*legacy)
	var mark handshakeMark
	if legacyEra {
		mark = l.markHandshake()
	}
	resp, err := s.request(ctx, "initialize", "", params)
	if err != nil {
		return nil, err
	}
	if _, modern := modernOf(tr); modern {
		// The 2026 era has no initialize: one typed with params is the
		// user's test of the server, its answer, or its refusal, shown
		// as any other's (a refusal is what every 2026 server answers,
		// no failure of the session). The session stays the one
		// server/discover opened: taken, the answer's protocolVersion
		// (or none) was sent on every 2026 request after it.
		if resp.Error != nil {
			return resp, resp.Error
		}
		return resp, nil
	}
	if resp.Error != nil {
		if supported, ok := modernOnly(resp.Error); ok && tr != nil {
			// No version of the initialize era will do here; the
			// stateless era, which has no initialize, will.
			return resp, &WireError{Cause: CauseModernOnly, Transport: tr.name(), Status: http.StatusBadRequest, Err: resp.Error,
				Message: fmt.Sprintf("initialize was refused: the server speaks only %s (%s)", VersionList(supported), resp.Error.Error()) + shapeSaid(SupportedShape(resp.Error.Data))}
		}
		if resp.Error.Code == CodeMethodNotFound && tr != nil {
			// "Method not found" alone, with advice for a method the
			// capabilities do not declare, said nothing of why the one
			// method every 2025 server has is missing.
			return resp, &WireError{Cause: CauseNoInitialize, Transport: tr.name(), Err: resp.Error,
				Message: fmt.Sprintf("initialize was refused as a method the server does not have (%s), as a server of the stateless 2026-07-28 era answers it: that era has no initialize", resp.Error.Error())}
		}
		if notes := Ambiguities(resp.Raw); len(notes) > 0 {
			// Said where the error is: a failed initialize ends exec
			// before any answer's notes are printed, and "JSON-RPC
			// error" alone hid the result the server sent beside it.
			return resp, fmt.Errorf("%w (the answer: %s)", resp.Error, strings.Join(notes, "; "))
		}
		return resp, resp.Error
	}
	var r struct {
		ProtocolVersion string
		ServerInfo      struct{ Name, Version string }
	}
	// Member by member, with the one scanner for the whole: capabilities
	// (or a serverInfo member, its icons) nested deeper than encoding/json
	// reads must not lose the version or the server's name.
	if doc, err := jsonspan.Parse(resp.Result, jsonspan.Limits{Depth: 2}); err == nil {
		info := doc.Root().Get("serverInfo")
		r.ProtocolVersion, _ = doc.Root().Get("protocolVersion").Text()
		r.ServerInfo.Name, _ = info.Get("name").Text()
		r.ServerInfo.Version, _ = info.Get("version").Text()
	}
	// The transport may refuse the version (one no header can carry): the
	// session takes it only once accepted, so a refused one is never
	// reported as the session's protocol.
	if tr != nil {
		if err := tr.negotiated(r.ProtocolVersion); err != nil {
			return resp, err
		}
	}
	s.mu.Lock()
	s.protocol = r.ProtocolVersion
	s.mu.Unlock()
	// The server answered: the notification that ends the handshake gets
	// a request's time (Notify's), not what is left of the deadline the
	// initialize ran under. A server slow on every POST answered
	// initialize within --endpoint-timeout, then failed the connection on
	// its 202.
	nctx, stop := withoutDeadline(ctx)
	defer stop()
	err = s.Notify(nctx, "notifications/initialized", nil)
	if we, ok := err.(*WireError); ok {
		// Said which message failed: "POST URL answered 400" alone read
		// as the failure of the command exec was to send, which never
		// went; the version is the one a refused MCP-Protocol-Version
		// header carried.
		named := *we
		named.Message = "notifications/initialized, which ends the handshake after initialize agreed on protocol " +
			clip.Quote(r.ProtocolVersion, 40) + ", failed: " + we.Message
		err = &named
	}
	if err == nil && tr != nil {
		err = tr.initialized(ctx)
	}
	transport := ""
	if tr != nil {
		transport = tr.name()
	}
	done := func() {
		s.initialized = true
		s.initResp = resp
		s.emit(Record{Kind: KindState, State: &StateChange{State: StateInitialized, Conn: s.conn, Transport: transport, Protocol: r.ProtocolVersion,
			Detail: fmt.Sprintf("%s %s, protocol %s", r.ServerInfo.Name, r.ServerInfo.Version, r.ProtocolVersion)}})
	}
	if err != nil {
		done = nil
	}
	s.mu.Lock()
	moved := error(nil)
	if legacyEra {
		// A legacy server can name another session mid-handshake: the
		// session in use is then one nobody initialized, whatever the
		// answer said, and that is the handshake's outcome.
		moved = l.finishHandshake(mark, done)
	} else if done != nil {
		done()
	}
	s.mu.Unlock()
	switch {
	case moved != nil && err != nil:
		return resp, fmt.Errorf("%w (notifications/initialized: %w)", moved, err)
	case moved != nil:
		return resp, moved
	}
	return resp, err
}

// InitializeResult is the answer of the initialize that opened the current
// session, or nil before one.
func (s *Session) InitializeResult() *Response {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.initialized {
		return nil
	}
	return s.initResp
}

// initParams are mcpscope's own initialize params.
func (s *Session) initParams() json.RawMessage {
	version := s.cfg.Protocol
	if version == "" || IsModern(version) {
		version = ProtocolVersion
	}
	params, _ := json.Marshal(map[string]any{
		"protocolVersion": version,
		"capabilities":    s.clientCapabilities(),
		"clientInfo":      map[string]string{"name": s.cfg.ClientName, "version": s.cfg.ClientVersion},
	})
	return params
}

// Initialized reports whether the current connection has been initialized.
func (s *Session) Initialized() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.initialized
}

// ListTools asks for the tool list; with all it follows nextCursor to the
// last page. The returned response is the last page's.
func (s *Session) ListTools(ctx context.Context, all bool) ([]Tool, *Response, error) {
	return s.ListToolsFrom(ctx, Cursor{}, all)
}

// ListToolsFrom is ListTools starting at cursor (the zero Cursor for the
// first page).
func (s *Session) ListToolsFrom(ctx context.Context, cursor Cursor, all bool) ([]Tool, *Response, error) {
	var tools []Tool
	var unreadable []UnreadableTool
	more := 0 // unreadable entries past those kept
	listing := s.startListing()
	// Sent past Request, which learns each page alone: the pages are
	// learnt together, once, below. Merged page by page, a hundred pages
	// of thousands of tools each copied the list a hundred times.
	send := func(params json.RawMessage) (*Response, error) {
		return s.roundTrip(ctx, "tools/list", "", params)
	}
	resp, err := listPages("tools/list", cursor, all, s.emptyCursorFollowed(), send, func(resp *Response) (string, bool, error) {
		page, err := s.readTools(resp)
		if err != nil {
			return "", false, err
		}
		ts := page.Tools
		// Counted from the first page's first entry: the pages' entries
		// one after another are the merged list's.
		before := len(tools) + len(unreadable) + more
		for _, u := range page.Unreadable {
			unreadable = KeepUnreadable(unreadable, &more, func() UnreadableTool {
				u.Index += before
				return u
			})
		}
		more += page.UnreadableMore
		tools = append(tools, ts...)
		page.AllUnreadable, page.AllUnreadableMore = slices.Clip(unreadable), more
		resp.tools = &page
		return page.NextCursor, page.cursorNamed, page.cursorErr
	})
	// The tools of the pages read before a bound or a repeated cursor are
	// the server's: calls type their arguments by them. A listing that
	// failed otherwise (a later page's error) leaves the tools known before
	// it: the first page's alone would leave a later page's tools unknown,
	// and a 2026 call of one without its Mcp-Param headers.
	if err == nil || PagesStopped(err) {
		s.keepTools(listing, tools, cursor.Named)
	}
	return tools, resp, err
}

// CallTool calls a tool with a JSON object of arguments. A tool that lists
// itself as requiring a task (tasks.go) is called as one, and its answer
// is the task's result, from tasks/result, in the 2025 eras; in 2026 it is
// called plainly.
func (s *Session) CallTool(ctx context.Context, name string, args json.RawMessage) (*Response, error) {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	if !json.Valid(args) {
		return nil, fmt.Errorf("arguments for %s are not valid JSON: %s", name, Excerpt(args))
	}
	// Built by hand: json.Marshal would compact and re-escape the arguments,
	// and the user's := values must reach the wire exactly as typed.
	n, _ := json.Marshal(name)
	params := make(json.RawMessage, 0, len(n)+len(args)+24)
	params = append(append(append(append(params, `{"name":`...), n...), `,"arguments":`...), args...)
	params = append(params, '}')
	s.mu.Lock()
	tool := FindTool(s.tools, name)
	// execution.taskSupport and params.task are 2025-11-25's: a 2026
	// server that still lists the one defines neither the other nor
	// tasks/result (its tasks extension is the server's to start).
	_, modern := modernOf(s.tr)
	task := tool != nil && tool.TaskSupport == TaskRequired && !modern
	s.mu.Unlock()
	if !task {
		return s.roundTrip(ctx, "tools/call", name, params)
	}
	resp, err := s.roundTrip(ctx, "tools/call", name, withTask(params))
	if err != nil || resp.Error != nil {
		return resp, err
	}
	if id, ok := CreatedTask(resp.Result); ok {
		if id == "" {
			// tasks/result by "" asks for no task: refused, or a wait for
			// nothing until --timeout.
			return resp, errNoTaskID
		}
		return s.taskResult(ctx, id)
	}
	return resp, nil
}

// SetLogLevel asks for log messages at level and above: in the 2025 eras
// with logging/setLevel, in 2026 by putting the level in the _meta of every
// later request (that era has no logging/setLevel).
func (s *Session) SetLogLevel(ctx context.Context, level string) (*Response, error) {
	s.mu.Lock()
	_, modern := modernOf(s.tr)
	if modern {
		s.cfg.LogLevel = level
	}
	s.mu.Unlock()
	if modern {
		return nil, nil // every later request's _meta shows it
	}
	params, _ := json.Marshal(map[string]string{"level": level})
	return Checked(s.Request(ctx, "logging/setLevel", params))
}

// modernOnly reports a -32022 refusal whose data.supported names versions
// of the stateless era only, and those versions.
func modernOnly(e *RPCError) ([]string, bool) {
	if e.Code != CodeUnsupportedVersion {
		return nil, false
	}
	var d struct {
		Supported []string `json:"supported"`
	}
	_ = json.Unmarshal(e.Data, &d)
	if len(d.Supported) == 0 || slices.ContainsFunc(d.Supported, func(v string) bool { return !IsModern(v) }) {
		return nil, false
	}
	return d.Supported, true
}

// withoutDeadline is ctx without its deadline: cancelled when ctx is
// cancelled, not when its time runs out.
func withoutDeadline(ctx context.Context) (context.Context, context.CancelFunc) {
	c, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, func() {
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			cancel()
		}
	})
	return c, func() { stop(); cancel() }
}
