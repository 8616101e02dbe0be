package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// The stateless revision (2026-07-28) rides on the streamable transport's
// POSTs, step by step:
//
//  1. No initialize and no session: every request carries, in params._meta,
//     the protocol version, the client's capabilities and its identity, and
//     the headers MCP-Protocol-Version, Mcp-Method, Mcp-Name and the
//     Mcp-Param headers its tool asks for (headers.go).
//  2. Connecting is server/discover: the versions the server speaks, its
//     capabilities, instructions and identity. A server that speaks only
//     older versions answers so, and detection moves on to initialize.
//  3. The live stream is subscriptions/listen: a request whose SSE answer
//     stays open with change notifications and keep-alives (stream
//     "listen"); when it drops it is opened again, with backoff.
//  4. A response stream is never resumed, and closing it cancels its
//     request.

// The _meta keys of 2026-07-28.
const (
	MetaProtocolVersion    = "io.modelcontextprotocol/protocolVersion"
	MetaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	MetaClientInfo         = "io.modelcontextprotocol/clientInfo"
	MetaLogLevel           = "io.modelcontextprotocol/logLevel"
	MetaServerInfo         = "io.modelcontextprotocol/serverInfo"
)

func newStateless(s *Session, endpoint *url.URL) *streamable {
	protocol := s.cfg.Protocol
	if protocol == "" {
		protocol = ProtocolModern
	}
	return &streamable{s: s, endpoint: endpoint, modern: true, protocol: protocol}
}

// modernOf returns tr when it is the 2026 streamable transport, the one
// that changes how a session does what the 2025 eras do by request. A
// transport's era is fixed when it is made, so tr may be read under s.mu
// and asked afterwards.
func modernOf(tr transport) (*streamable, bool) {
	t, ok := tr.(*streamable)
	if !ok || !t.modern {
		return nil, false
	}
	return t, true
}

// modern reports whether session s speaks 2026-07-28 (its transport is
// stateless), for a caller that does not hold s.mu.
func (s *Session) modern() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, modern := modernOf(s.tr)
	return modern
}

// IsModern reports a protocol version of the stateless era (2026-07-28)
// or later: the versions where resultType and the other 2026 rules hold.
func IsModern(v string) bool { return v >= ProtocolModern }

// prepare gives a 2026 request its _meta and mirrored headers; the older
// era sends params as they are.
func (t *streamable) prepare(method string, params json.RawMessage) (json.RawMessage, http.Header) {
	if !t.modern {
		return params, nil
	}
	s := t.s
	meta := map[string]any{
		MetaProtocolVersion:    t.protocol,
		MetaClientCapabilities: s.clientCapabilities(),
		MetaClientInfo:         map[string]string{"name": s.cfg.ClientName, "version": s.cfg.ClientVersion},
	}
	if s.cfg.LogLevel != "" {
		meta[MetaLogLevel] = s.cfg.LogLevel
	}
	params = withMeta(params, meta)
	h := http.Header{}
	h.Set("MCP-Protocol-Version", t.protocol)
	var tool *Tool
	if method == "tools/call" {
		// Called under s.mu, like every prepare.
		if found := FindTool(s.tools, toolOf(method, params)); found != nil {
			c := *found
			tool = &c
		}
	}
	mirrorHeaders(h, method, params, tool)
	return params, h
}

// withMeta adds keys to params._meta, keeping what the params already say
// (a key the user typed wins) and the rest of the params byte for byte.
// The _meta is read one level deep with the one scanner, and the keys are
// added beside its entries as they were typed: an entry nested past
// encoding/json's 10,000 levels must not cost the request its _meta.
func withMeta(params json.RawMessage, add map[string]any) json.RawMessage {
	meta := json.RawMessage("{}")
	var typed jsonspan.Value
	if p, ok := objectOf(params, 1); ok {
		if m := p.Get("_meta"); m.Exists() {
			typed, ok = objectOf(m.Raw(), 1)
			if !ok && m.Kind() != jsonspan.Null {
				return params // a _meta that is no object: sent as typed
			}
			if ok {
				meta = m.Raw()
			}
		}
	}
	// In key order, so the same request is sent as the same bytes.
	for _, k := range slices.Sorted(maps.Keys(add)) {
		if typed.Get(k).Exists() {
			continue
		}
		v, err := json.Marshal(add[k])
		if err != nil {
			continue // unreachable: the values are mcpscope's own
		}
		meta = setMember(meta, k, v)
	}
	return setMember(params, "_meta", meta)
}

// setMember sets one member of a JSON object to value, replacing its value
// where it is (every copy of it) or adding it at the end, and leaves every other byte as it
// was. Params that are not an object are returned as they are: the server
// says what it makes of them. No params at all become an object.
func setMember(params json.RawMessage, key string, value []byte) json.RawMessage {
	obj := strings.TrimSpace(string(params))
	if obj == "" || obj == "null" {
		obj = "{}"
	}
	members, ok := objectMembers(obj)
	if !ok {
		return params
	}
	// Every copy of a key given twice is replaced: a JSON decoder reads
	// the last, others the first, and what is sent must be what the
	// server reads whichever it keeps.
	replaced := false
	for i := len(members) - 1; i >= 0; i-- {
		if m := members[i]; m.key == key {
			obj = obj[:m.from] + string(value) + obj[m.to:]
			replaced = true
		}
	}
	if replaced {
		return json.RawMessage(obj)
	}
	k, _ := json.Marshal(key)
	end := strings.LastIndexByte(obj, '}')
	sep := ","
	if len(members) == 0 {
		sep = ""
	}
	return json.RawMessage(obj[:end] + sep + string(k) + ":" + string(value) + obj[end:])
}

// member is one member of a JSON object: its key, where its quoted key
// begins, and where its value is.
type member struct {
	key      string
	keyFrom  int
	from, to int
}

// objectMembers finds the members of a JSON object, in order.
func objectMembers(s string) ([]member, bool) {
	obj, ok := objectOf(bytesOf(s), 1)
	if !ok {
		return nil, false
	}
	var out []member
	for k, v := range obj.Members() {
		keyFrom, _ := v.KeySpan()
		from, to := v.Span()
		out = append(out, member{k, keyFrom, from, to})
	}
	return out, true
}

// discoverResult is what server/discover answers.
type discoverResult struct {
	SupportedVersions []string                   `json:"supportedVersions"`
	Capabilities      json.RawMessage            `json:"capabilities"`
	Instructions      string                     `json:"instructions"`
	Meta              map[string]json.RawMessage `json:"_meta"`
	// noVersions says how the result lacks supportedVersions when no
	// version string was read from it: "without supportedVersions", or
	// what stands there instead.
	noVersions string
}

// StatelessProtocolError says why protocol cannot be pinned with
// --transport stateless (nil when it can): the initialize eras have no
// stateless HTTP, and their versions would send server/discover under a
// version that has no such method. The command line checks it before
// anything is sent; Discover checks it for every other caller.
func StatelessProtocolError(protocol string) error {
	if protocol == "" || IsModern(protocol) {
		return nil
	}
	return fmt.Errorf("--protocol %s is a version of the eras before %s, which have no stateless HTTP: server/discover was not sent; leave out --protocol (or pin %s) for stateless HTTP, or leave out --transport stateless to speak %s", clip.Quote(protocol, 64), ProtocolModern, ProtocolModern, clip.Quote(protocol, 64))
}

// Discover asks a 2026 server what it is (server/discover). It is also
// what initialize means in that era. The session counts as initialized
// only when the server speaks our protocol: an answer in other versions
// only, or a refusal, comes back as the error (with the response, when
// there is one), and nothing says the session is open.
func (s *Session) Discover(ctx context.Context) (*Response, error) {
	s.mu.Lock()
	tr, _ := s.tr.(*streamable)
	s.mu.Unlock()
	protocol := ProtocolModern
	if tr != nil && tr.protocol != "" {
		protocol = tr.protocol
	}
	if err := StatelessProtocolError(protocol); err != nil {
		// A version of the initialize eras pinned with --transport
		// stateless: sent under it, server/discover is a method those
		// eras do not have, and a 2026 server refusing it was said to be
		// no 2026 server, with advice to leave out a 2026 --protocol.
		return nil, &WireError{Transport: TransportStateless, Message: err.Error()}
	}
	resp, err := s.request(ctx, "server/discover", "", nil)
	if err != nil {
		return nil, err
	}
	r, err := discovered(resp, protocol)
	if err != nil {
		return resp, err
	}
	var info struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	_ = json.Unmarshal(r.Meta[MetaServerInfo], &info)
	s.mu.Lock()
	s.initialized, s.initResp, s.protocol = true, resp, protocol
	conn := s.conn
	s.mu.Unlock()
	s.emit(Record{Kind: KindState, State: &StateChange{State: StateInitialized, Conn: conn, Transport: TransportStateless, Protocol: protocol,
		Detail: fmt.Sprintf("%s %s, protocol %s (supported: %s)", info.Name, info.Version, protocol, VersionList(r.SupportedVersions))}})
	return resp, nil
}

// discovered reads a server/discover answer, or says why it does not open
// a session in protocol: a refusal, or versions that leave ours out. Which
// cause it names tells detection whether to try the initialize era next.
func discovered(resp *Response, protocol string) (discoverResult, error) {
	var r discoverResult
	var supported []string
	// odd says what in a refusal's list of versions is no version, or
	// listed twice, to end the words of the failure that lists them.
	var odd string
	if e := resp.Error; e != nil {
		var data struct {
			Supported []string `json:"supported"`
		}
		_ = json.Unmarshal(e.Data, &data)
		switch e.Code {
		case CodeUnsupportedVersion:
			supported, odd = data.Supported, SupportedShape(e.Data)
		case CodeHeaderMismatch, CodeMissingCapability:
			return r, &WireError{Cause: CauseModernRefused, Transport: TransportStateless, Status: http.StatusBadRequest,
				Message: "server/discover was refused: " + e.Meaning(), Err: e}
		default:
			return r, &WireError{Cause: CauseNotModern, Transport: TransportStateless,
				Message: "server/discover answered " + e.Error() + ": not a 2026 server", Err: e}
		}
	} else {
		r = readDiscover(resp.Result)
		supported = r.SupportedVersions
		if slices.Contains(supported, protocol) {
			return r, nil
		}
		if r.noVersions != "" {
			// A server that answers any method with an empty result is
			// not a 2026 server saying so: the older eras may still fit.
			return r, &WireError{Cause: CauseNotModern, Transport: TransportStateless,
				Message: "server/discover answered " + r.noVersions + ": not a 2026 server"}
		}
	}
	// A nil *RPCError would make a non-nil error inside the WireError.
	var why error
	if resp.Error != nil {
		why = resp.Error
	}
	// Only a date is a version: "a very long…" sorts after every date,
	// and read as one "newer than the newest mcpscope knows".
	versions := slices.DeleteFunc(slices.Clone(supported), func(v string) bool { return !IsProtocolVersion(v) })
	modern := slices.DeleteFunc(slices.Clone(versions), func(v string) bool { return !IsModern(v) })
	if resp.Error != nil && slices.Contains(supported, protocol) {
		// Picking a version from the list would pick the one refused: the
		// refusal is about something else the request carried.
		return r, &WireError{Cause: CauseModernRefused, Transport: TransportStateless, Err: why, Status: http.StatusBadRequest,
			Message: fmt.Sprintf("the server refused protocol %s as unsupported, yet names it among the versions it supports (%s): it contradicts itself", protocol, VersionList(supported)) + shapeSaid(odd)}
	}
	if len(supported) == 0 {
		return r, &WireError{Cause: CauseModernRefused, Transport: TransportStateless, Err: why,
			Message: fmt.Sprintf("the server refused protocol %s and named no version it speaks", protocol) + shapeSaid(odd)}
	}
	if len(versions) == 0 {
		return r, &WireError{Cause: CauseModernRefused, Transport: TransportStateless, Err: why,
			Message: fmt.Sprintf("the server refused protocol %s and named no version it speaks: %s, no date (YYYY-MM-DD) as versions are", protocol, VersionList(supported)) + shapeSaid(odd)}
	}
	if len(modern) > 0 {
		msg := fmt.Sprintf("the server speaks protocol %s, not %s", VersionList(supported), protocol)
		cause := CauseModernRefused
		if !slices.ContainsFunc(modern, func(v string) bool { return v <= ProtocolModern }) {
			// Pinning one sends its name on the wire mcpscope knows;
			// leaving --protocol out picks none of them.
			msg += fmt.Sprintf(": all newer than the newest mcpscope knows (%s); pinning one of them sends %s's messages under its name", ProtocolModern, ProtocolModern)
			cause = CauseModernNewer
		}
		return r, &WireError{Cause: cause, Transport: TransportStateless, Err: why, Message: msg + shapeSaid(odd)}
	}
	return r, &WireError{Cause: CauseNotModern, Transport: TransportStateless, Err: why,
		Message: fmt.Sprintf("the server speaks the initialize era only (%s)", VersionList(supported)) + shapeSaid(odd)}
}

// DiscoverOffers reports whether msg, a JSON-RPC message, is a
// server/discover result whose supportedVersions names version: a client
// whose probe asked for version has the era it asked for.
func DiscoverOffers(msg []byte, version string) bool {
	doc, err := jsonspan.Parse(msg, jsonspan.Limits{Depth: 1})
	if err != nil {
		return false
	}
	result := doc.Root().Get("result")
	return version != "" && result.Exists() && slices.Contains(readDiscover(result.Raw()).SupportedVersions, version)
}

// readDiscover reads a server/discover result member by member, and _meta
// entry by entry, with the one scanner for the whole: capabilities (or a
// _meta entry) nested deeper than encoding/json reads must not hide the
// supportedVersions (or the serverInfo) beside them.
func readDiscover(result json.RawMessage) discoverResult {
	var r discoverResult
	doc, err := jsonspan.Parse(result, jsonspan.Limits{Depth: 2})
	if err != nil {
		return r
	}
	root := doc.Root()
	v := root.Get("supportedVersions")
	_ = json.Unmarshal(v.Raw(), &r.SupportedVersions)
	switch {
	case !v.Exists():
		r.noVersions = "a result without supportedVersions"
	case v.Kind() != jsonspan.Array:
		r.noVersions = "supportedVersions as " + v.KindName() + ", not a list of version strings"
	case v.Len() == 0:
		r.noVersions = "an empty supportedVersions list"
	case len(slices.DeleteFunc(slices.Clone(r.SupportedVersions), func(s string) bool { return s == "" })) == 0:
		r.noVersions = "a supportedVersions list with no version string in it"
	}
	r.Capabilities = root.Get("capabilities").Raw()
	_ = json.Unmarshal(root.Get("instructions").Raw(), &r.Instructions)
	if meta := root.Get("_meta"); meta.Kind() == jsonspan.Object {
		r.Meta = map[string]json.RawMessage{}
		for key, v := range meta.Members() {
			r.Meta[key] = v.Raw() // the last of repeated keys, as encoding/json reads them
		}
	}
	return r
}

// VersionList joins the versions a server named for one line of text, the
// first few of them, each cut to what a version looks like: a server may
// name thousands, or one a megabyte long.
func VersionList(vs []string) string {
	return clip.Counted(VersionsShown(vs, ""))
}

// VersionsShown are the versions of vs a line shows: the first MaxListed,
// and keep (the one in use) wherever it is, each cut to what a version
// looks like; more counts the rest.
func VersionsShown(vs []string, keep string) (shown []string, more int) {
	for i, v := range vs {
		if i >= MaxListed && (keep == "" || v != keep) {
			more++
			continue
		}
		if v == keep {
			keep = "" // shown once, in its place
		}
		shown = append(shown, cutVersion(v))
	}
	return shown, more
}

// cutVersion keeps the first 32 bytes of a version (a real one has 10),
// whole characters only, quoted with escapes when it holds more than
// letters, digits, dots, dashes and underscores: a server's "version"
// of "x⏎  hint: run …" read as a line of mcpscope's own advice.
func cutVersion(v string) string {
	if strings.Trim(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_") == "" && v != "" {
		return clip.Quote(v, 32)
	}
	if len(v) <= 32 {
		return strconv.Quote(v)
	}
	// The size is mcpscope's, after the closing quote: inside it, it read
	// as the server's words.
	return clip.WithSize(strconv.Quote(clip.Prefix(v, 32)), len(v))
}

// openModern discovers the server and opens the listen stream. A server
// that answers in the older era's versions only is no stateless server:
// the error lets detection move on to initialize with one of them.
func (t *streamable) openModern(ctx context.Context) error {
	if _, err := t.opening(ctx, "server/discover", t.s.Discover); err != nil {
		return err
	}
	t.startListen()
	return nil
}

// refusedDiscover says, when the stateless era was asked for by name
// (--transport stateless, or a --protocol of 2026 or later), that
// a server/discover refused by status alone (400 or 405 with no 2026 error
// as its answer: a stateful server's "no valid session ID", say) came
// from a server of an earlier era, so the advice is to let detection find
// its transport rather than to read a body about a missing session.
// Detection's own probe keeps the status: it goes on to initialize anyway.
// The request's own error record carries it, so the TUI advises alike.
func refusedDiscover(err error, forced bool) error {
	var we *WireError
	if !forced || !errors.As(err, &we) || we.Cause != CauseStatus {
		return err
	}
	switch we.Status {
	case http.StatusBadRequest, http.StatusMethodNotAllowed:
	default:
		// A 404 more likely means a wrong path, which its own advice says.
		return err
	}
	not := *we
	not.Cause, not.Transport, not.Err = CauseNotModern, TransportStateless, err
	not.Message = we.Message + ": server/discover refused, so not a stateless (2026-07-28) server"
	return &not
}
