package mcptest

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// inputRequired is the part of an input_required answer a test checks.
type inputRequired struct {
	ResultType    string                     `json:"resultType"`
	InputRequests map[string]json.RawMessage `json:"inputRequests"`
	RequestState  string                     `json:"requestState"`
}

// round sends one tools/call round and returns the raw answer message.
func round(t *testing.T, srv *StatelessServer, id int, params string) string {
	t.Helper()
	resp := post2026(t, srv, modern(id, "tools/call", params))
	wantStatus(t, resp, http.StatusOK, "application/json")
	return readBody(t, resp)
}

// needsInput parses an input_required answer.
func needsInput(t *testing.T, msg string) inputRequired {
	t.Helper()
	var m struct {
		Result inputRequired `json:"result"`
	}
	if err := json.Unmarshal([]byte(msg), &m); err != nil || m.Result.ResultType != "input_required" || m.Result.RequestState == "" {
		t.Fatalf("answer %s is not input_required with a requestState", msg)
	}
	return m.Result
}

func TestStatelessConfirmRound(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{})
	args := `"name":"confirm","arguments":{"action":"deploy"}`
	ir := needsInput(t, round(t, srv, 1, "{"+args+"}"))
	want(t, "inputRequests.confirm", string(ir.InputRequests["confirm"]),
		`{"method":"elicitation/create","params":{"message":"Really deploy?","mode":"form",`+
			`"requestedSchema":{"type":"object","properties":{"confirm":{"type":"boolean"}},"required":["confirm"]}}}`)
	retry := func(id int, args, responses, state string) string {
		return round(t, srv, id, `{`+args+`,"inputResponses":`+responses+`,"requestState":"`+state+`"}`)
	}
	accept := `{"confirm":{"action":"accept","content":{"confirm":true}}}`
	for _, bad := range []struct {
		name, got string
		id        int
		want      string
	}{
		{"same id", retry(1, args, accept, ir.RequestState), 1, "a retried request needs a new id; 1 was used by an earlier round"},
		{"other args", retry(2, `"name":"confirm","arguments":{"action":"drop"}`, accept, ir.RequestState), 2,
			"arguments changed between rounds: send the same arguments as the first call"},
		{"missing answer", retry(2, args, `{}`, ir.RequestState), 2, `inputResponses lacks "confirm"`},
		{"unknown state", retry(2, args, accept, "zzz"), 2, `unknown requestState "zzz": send the one from the last input_required result, once`},
	} {
		want(t, bad.name, bad.got, `{"jsonrpc":"2.0","id":`+strconv.Itoa(bad.id)+`,"error":{"code":-32602,"message":`+string(mustJSON(t, bad.want))+`}}`)
	}
	want(t, "accepted", resultText(t, retry(2, args, accept, ir.RequestState)), "confirmed: deploy")
	if msg := retry(3, args, accept, ir.RequestState); !strings.Contains(msg, "unknown requestState") {
		t.Errorf("a requestState used twice = %s, want it refused", msg)
	}
}

func TestStatelessConfirmAnswers(t *testing.T) {
	for _, tt := range []struct{ response, want string }{
		{`{"action":"accept","content":{"confirm":false}}`, "not confirmed: deploy"},
		{`{"action":"decline"}`, "declined: deploy"},
		{`{"action":"cancel"}`, "cancelled: deploy"},
	} {
		srv := NewStateless(t, StatelessOptions{})
		args := `"name":"confirm","arguments":{"action":"deploy"}`
		ir := needsInput(t, round(t, srv, 1, "{"+args+"}"))
		got := round(t, srv, 2, `{`+args+`,"inputResponses":{"confirm":`+tt.response+`},"requestState":"`+ir.RequestState+`"}`)
		want(t, tt.response, resultText(t, got), tt.want)
	}
}

func TestStatelessTripTwoRounds(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{})
	args := `"name":"trip","arguments":{}`
	first := needsInput(t, round(t, srv, 1, "{"+args+"}"))
	if len(first.InputRequests) != 1 || !strings.Contains(string(first.InputRequests["name"]), `"method":"elicitation/create"`) {
		t.Fatalf("round 1 asks %v, want one elicitation under \"name\"", first.InputRequests)
	}
	second := needsInput(t, round(t, srv, 2, `{`+args+`,"inputResponses":{"name":{"action":"accept","content":{"name":"Ada"}}},"requestState":"`+first.RequestState+`"}`))
	want(t, "round 2 roots", string(second.InputRequests["roots"]), `{"method":"roots/list","params":{}}`)
	want(t, "round 2 summary", string(second.InputRequests["summary"]),
		`{"method":"sampling/createMessage","params":{"maxTokens":100,"messages":[{"content":{"text":"Summarize the trip of Ada","type":"text"},"role":"user"}]}}`)
	if second.RequestState == first.RequestState {
		t.Error("round 2 reused round 1's requestState")
	}
	last := round(t, srv, 3, `{`+args+`,"inputResponses":{"roots":{"roots":[{"uri":"file:///a"},{"uri":"file:///b"}]},`+
		`"summary":{"role":"assistant","content":{"type":"text","text":"A short trip."},"model":"m"}},"requestState":"`+second.RequestState+`"}`)
	want(t, "trip", resultText(t, last), "trip for Ada; roots: file:///a, file:///b; summary: A short trip.")
	if !strings.Contains(last, `"resultType":"complete"`) {
		t.Errorf("last round %s lacks resultType complete", last)
	}
}

func TestStatelessEmptyElicitationCountsAsForm(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{})
	r := modernMeta(1, "tools/call", `{"name":"confirm","arguments":{"action":"x"}}`,
		`"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}`)
	needsInput(t, readBody(t, post2026(t, srv, r)))
}

// mustJSON marshals a string for an expected message.
func mustJSON(t *testing.T, s string) []byte {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestStatelessParamHeaders(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{Tools: append(StatelessTools(), InvalidHeaderTools()...)})
	call := func(args string, headers ...string) *http.Response {
		r := modern(1, "tools/call", `{"name":"forecast","arguments":`+args+`}`)
		for i := 0; i+1 < len(headers); i += 2 {
			r.header.Set(headers[i], headers[i+1])
		}
		return post2026(t, srv, r)
	}
	resp := call(`{"region":"north","days":3,"alerts":true}`, "Mcp-Param-Region", "north", "Mcp-Param-Days", "3", "Mcp-Param-Alerts", "true")
	wantStatus(t, resp, http.StatusOK, "application/json")
	want(t, "forecast", resultText(t, readBody(t, resp)), `{"region":"north","days":3,"alerts":true}`)

	resp = call(`{"region":"Zürich"}`, "Mcp-Param-Region", "=?base64?WsO8cmljaA==?=", "Mcp-Name", "=?base64?Zm9yZWNhc3Q=?=")
	wantStatus(t, resp, http.StatusOK, "application/json")
	want(t, "base64 forms", resultText(t, readBody(t, resp)), `{"region":"Zürich"}`)

	for _, tt := range []struct {
		name, args string
		headers    []string
		msg        string
	}{
		{"missing", `{"region":"north"}`, nil, `missing required Mcp-Param-Region header`},
		{"absent argument", `{"region":"north"}`, []string{"Mcp-Param-Region", "north", "Mcp-Param-Alerts", "true"},
			`Mcp-Param-Alerts header \"true\" does not match the body's \"\"`},
		{"raw non-ascii", `{"region":"Zürich"}`, []string{"Mcp-Param-Region", "Zurich"},
			`Mcp-Param-Region header \"Zurich\" does not match the body's \"Zürich\"`},
	} {
		resp := call(tt.args, tt.headers...)
		wantStatus(t, resp, http.StatusBadRequest, "application/json")
		if got := readBody(t, resp); !strings.Contains(got, `"code":-32020`) || !strings.Contains(got, tt.msg) {
			t.Errorf("%s: %s, want -32020 saying %s", tt.name, got, tt.msg)
		}
	}

	r := modern(2, "tools/call", `{"name":"dup_header","arguments":{"a":"x"}}`)
	resp = post2026(t, srv, r)
	wantStatus(t, resp, http.StatusOK, "application/json")
	want(t, "invalid tool called without headers", resultText(t, readBody(t, resp)), `{"a":"x"}`)
}

func TestHeaderParams(t *testing.T) {
	tools := append(StatelessTools(), InvalidHeaderTools()...)
	wantErr := map[string]string{
		"dup_header":      `properties "a" and "b" both use x-mcp-header "region"`,
		"bad_header_name": `property "q": x-mcp-header "Bad Name" has ' ', which a header name cannot hold`,
		"object_header":   `property "filter": x-mcp-header on a "object" parameter; only string, integer and boolean can be mirrored`,
	}
	for _, tool := range tools {
		got, err := headerParams(tool)
		switch {
		case wantErr[tool.Name] != "":
			if err == nil || err.Error() != wantErr[tool.Name] {
				t.Errorf("headerParams(%s) error = %v, want %q", tool.Name, err, wantErr[tool.Name])
			}
		case tool.Name == "forecast":
			if len(got) != 3 || got[0] != (headerParam{"alerts", "Alerts"}) || got[1] != (headerParam{"days", "Days"}) || got[2] != (headerParam{"region", "Region"}) {
				t.Errorf("headerParams(forecast) = %v, want alerts, days, region", got)
			}
		case err != nil || len(got) != 0:
			t.Errorf("headerParams(%s) = %v, %v; want none", tool.Name, got, err)
		}
	}
}

func TestStatelessServesBothEras(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{Stateful: &StreamableOptions{SessionID: fixedID}})
	resp := send(t, context.Background(), http.MethodPost, srv.Endpoint(), streamHeader("", ""), initialize2025)
	wantStatus(t, resp, http.StatusOK, "text/event-stream")
	want(t, "session", resp.Header.Get("Mcp-Session-Id"), "ID1")
	readBody(t, resp)
	if resp := call(t, srv.Stateful, "ID1", `{"jsonrpc":"2.0","id":2,"method":"ping"}`); resp.StatusCode != http.StatusOK {
		t.Errorf("stateful ping = %d, want 200", resp.StatusCode)
	}
	get := send(t, context.Background(), http.MethodGet, srv.Endpoint(), hdr("Accept", "text/event-stream", "Mcp-Session-Id", "ID1"), "")
	want(t, "GET stream", events(t, get).event(), ": ok\n\n")

	resp = post2026(t, srv, modern(3, "server/discover", ""))
	wantStatus(t, resp, http.StatusOK, "application/json")
	want(t, "discover", readBody(t, resp), `{"jsonrpc":"2.0","id":3,"result":`+discoverResult+`}`)
	if n := len(srv.Stateful.Sessions()); n != 1 {
		t.Errorf("%d stateful sessions, want 1", n)
	}
	if got := len(srv.Requests()); got != 4 {
		t.Errorf("%d requests recorded, want all 4 of both eras", got)
	}
}
