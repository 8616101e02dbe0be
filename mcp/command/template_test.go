package command

import (
	"strings"
	"testing"
)

// rfcWords are the variables of RFC 6570's examples (section 3.2), as
// key=value words.
var rfcWords = []string{
	"count=one", "count=two", "count=three",
	"dom=example", "dom=com",
	"dub=me/too", "hello=Hello World!", "half=50%", "var=value", "who=fred",
	"base=http://example.com/home/", "path=/foo/bar",
	"list=red", "list=green", "list=blue",
	`keys:={"semi":";","dot":".","comma":","}`,
	"v=6", "x=1024", "y=768", "empty=", "empty_keys:={}", "undef:=null",
}

// Every example of RFC 6570 section 3.2, levels 1 to 4.
func TestFillTemplateRFCExamples(t *testing.T) {
	tests := []struct{ template, want string }{
		// 3.2.1 Variable expansion
		{"{count}", "one,two,three"},
		{"{count*}", "one,two,three"},
		{"{/count}", "/one,two,three"},
		{"{/count*}", "/one/two/three"},
		{"{;count}", ";count=one,two,three"},
		{"{;count*}", ";count=one;count=two;count=three"},
		{"{?count}", "?count=one,two,three"},
		{"{?count*}", "?count=one&count=two&count=three"},
		{"{&count*}", "&count=one&count=two&count=three"},
		// 3.2.2 Simple string expansion
		{"{var}", "value"},
		{"{hello}", "Hello%20World%21"},
		{"{half}", "50%25"},
		{"O{empty}X", "OX"},
		{"O{undef}X", "OX"},
		{"{x,y}", "1024,768"},
		{"{x,hello,y}", "1024,Hello%20World%21,768"},
		{"?{x,empty}", "?1024,"},
		{"?{x,undef}", "?1024"},
		{"?{undef,y}", "?768"},
		{"{var:3}", "val"},
		{"{var:30}", "value"},
		{"{list}", "red,green,blue"},
		{"{list*}", "red,green,blue"},
		{"{keys}", "semi,%3B,dot,.,comma,%2C"},
		{"{keys*}", "semi=%3B,dot=.,comma=%2C"},
		// 3.2.3 Reserved expansion
		{"{+var}", "value"},
		{"{+hello}", "Hello%20World!"},
		{"{+half}", "50%25"},
		{"{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"},
		{"{+base}index", "http://example.com/home/index"},
		{"O{+empty}X", "OX"},
		{"O{+undef}X", "OX"},
		{"{+path}/here", "/foo/bar/here"},
		{"here?ref={+path}", "here?ref=/foo/bar"},
		{"up{+path}{var}/here", "up/foo/barvalue/here"},
		{"{+x,hello,y}", "1024,Hello%20World!,768"},
		{"{+path,x}/here", "/foo/bar,1024/here"},
		{"{+path:6}/here", "/foo/b/here"},
		{"{+list}", "red,green,blue"},
		{"{+list*}", "red,green,blue"},
		{"{+keys}", "semi,;,dot,.,comma,,"},
		{"{+keys*}", "semi=;,dot=.,comma=,"},
		// 3.2.4 Fragment expansion
		{"{#var}", "#value"},
		{"{#hello}", "#Hello%20World!"},
		{"{#half}", "#50%25"},
		{"foo{#empty}", "foo#"},
		{"foo{#undef}", "foo"},
		{"{#x,hello,y}", "#1024,Hello%20World!,768"},
		{"{#path,x}/here", "#/foo/bar,1024/here"},
		{"{#path:6}/here", "#/foo/b/here"},
		{"{#list}", "#red,green,blue"},
		{"{#list*}", "#red,green,blue"},
		{"{#keys}", "#semi,;,dot,.,comma,,"},
		{"{#keys*}", "#semi=;,dot=.,comma=,"},
		// 3.2.5 Label expansion with dot-prefix
		{"{.who}", ".fred"},
		{"{.who,who}", ".fred.fred"},
		{"{.half,who}", ".50%25.fred"},
		{"www{.dom*}", "www.example.com"},
		{"X{.var}", "X.value"},
		{"X{.empty}", "X."},
		{"X{.undef}", "X"},
		{"X{.var:3}", "X.val"},
		{"X{.list}", "X.red,green,blue"},
		{"X{.list*}", "X.red.green.blue"},
		{"X{.keys}", "X.semi,%3B,dot,.,comma,%2C"},
		{"X{.keys*}", "X.semi=%3B.dot=..comma=%2C"},
		{"X{.empty_keys}", "X"},
		{"X{.empty_keys*}", "X"},
		// 3.2.6 Path segment expansion
		{"{/who}", "/fred"},
		{"{/who,who}", "/fred/fred"},
		{"{/half,who}", "/50%25/fred"},
		{"{/who,dub}", "/fred/me%2Ftoo"},
		{"{/var}", "/value"},
		{"{/var,empty}", "/value/"},
		{"{/var,undef}", "/value"},
		{"{/var,x}/here", "/value/1024/here"},
		{"{/var:1,var}", "/v/value"},
		{"{/list}", "/red,green,blue"},
		{"{/list*}", "/red/green/blue"},
		{"{/list*,path:4}", "/red/green/blue/%2Ffoo"},
		{"{/keys}", "/semi,%3B,dot,.,comma,%2C"},
		{"{/keys*}", "/semi=%3B/dot=./comma=%2C"},
		// 3.2.7 Path-style parameter expansion
		{"{;who}", ";who=fred"},
		{"{;half}", ";half=50%25"},
		{"{;empty}", ";empty"},
		{"{;v,empty,who}", ";v=6;empty;who=fred"},
		{"{;v,bar,who}", ";v=6;who=fred"},
		{"{;x,y}", ";x=1024;y=768"},
		{"{;x,y,empty}", ";x=1024;y=768;empty"},
		{"{;x,y,undef}", ";x=1024;y=768"},
		{"{;hello:5}", ";hello=Hello"},
		{"{;list}", ";list=red,green,blue"},
		{"{;list*}", ";list=red;list=green;list=blue"},
		{"{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"},
		{"{;keys*}", ";semi=%3B;dot=.;comma=%2C"},
		// 3.2.8 Form-style query expansion
		{"{?who}", "?who=fred"},
		{"{?half}", "?half=50%25"},
		{"{?x,y}", "?x=1024&y=768"},
		{"{?x,y,empty}", "?x=1024&y=768&empty="},
		{"{?x,y,undef}", "?x=1024&y=768"},
		{"{?var:3}", "?var=val"},
		{"{?list}", "?list=red,green,blue"},
		{"{?list*}", "?list=red&list=green&list=blue"},
		{"{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"},
		{"{?keys*}", "?semi=%3B&dot=.&comma=%2C"},
		// 3.2.9 Form-style query continuation
		{"{&who}", "&who=fred"},
		{"{&half}", "&half=50%25"},
		{"?fixed=yes{&x}", "?fixed=yes&x=1024"},
		{"{&x,y,empty}", "&x=1024&y=768&empty="},
		{"{&var:3}", "&var=val"},
		{"{&list}", "&list=red,green,blue"},
		{"{&list*}", "&list=red&list=green&list=blue"},
		{"{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"},
		{"{&keys*}", "&semi=%3B&dot=.&comma=%2C"},
	}
	for _, tt := range tests {
		got, _, err := FillTemplate(tt.template, rfcWords)
		if err != nil || got != tt.want {
			t.Errorf("FillTemplate(%q) = %q, %v; want %q", tt.template, got, err, tt.want)
		}
	}
}

func TestFillTemplateWarnsAndRefuses(t *testing.T) {
	uri, warns, err := FillTemplate("repo://{owner}/{name}", []string{"owner=mcpscope", "nmae=x"})
	if err != nil || uri != "repo://mcpscope/" {
		t.Fatalf("= %q, %v", uri, err)
	}
	got := ""
	for _, w := range warns {
		got += w.String() + "\n"
	}
	for _, want := range []string{"nmae: not a variable of repo://{owner}/{name} (its variables: owner, name)", "name: missing"} {
		if !strings.Contains(got, want) {
			t.Errorf("warnings lack %q:\n%s", want, got)
		}
	}
	errTests := []struct {
		template string
		words    []string
		want     string
	}{
		{"repo://{owner", nil, "not a URI template"},
		{"x{a}", []string{"a:={nope"}, "invalid JSON"},
		{"x{a}", []string{`a:=[["deep"]]`}, "nested too deep"},
		{"x{a}", []string{"novalue"}, "expected key=value"},
		{"x{a:1}", []string{"a=é"}, "cut a non-ASCII value"},
	}
	for _, tt := range errTests {
		if _, _, err := FillTemplate(tt.template, tt.words); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("FillTemplate(%q, %q) error %v, want %q", tt.template, tt.words, err, tt.want)
		}
	}
	// Lists from JSON, numbers as written, and the order of an object kept.
	uri, _, err = FillTemplate("s{?tags*,n,o*}", []string{`tags:=["a b",2]`, "n:=1.5", `o:={"z":"1","a":true}`})
	if err != nil || uri != "s?tags=a%20b&tags=2&n=1.5&z=1&a=true" {
		t.Errorf("= %q, %v", uri, err)
	}
}
