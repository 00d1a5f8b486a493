# Reads form and multipart bodies the way Rails does (Rack's parser), one request a line on stdin as JSON
# {"content_type": ..., "body": base64}; prints, one a line, the params Rack makes of each as JSON. A line
# {"query": ...} is a GET with that query string instead, and what is printed is Rack's params of the query.
require "base64"
require "json"
require "rack"

STDIN.each_line do |line|
  request = JSON.parse(line)
  if request.key?("query")
    env = Rack::MockRequest.env_for("/?" + request["query"], method: "GET")
    STDOUT.puts JSON.generate(Rack::Request.new(env).GET)
  else
    env = Rack::MockRequest.env_for(
      "/", method: "POST", input: Base64.strict_decode64(request["body"]), "CONTENT_TYPE" => request["content_type"]
    )
    STDOUT.puts JSON.generate(Rack::Request.new(env).POST)
  end
  STDOUT.flush
end
