package org.rdmacheck.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.rdmacheck.checker.trace.TraceJson;

/**
 * Debian's {@code chromium} in headless mode, driven over the DevTools protocol (a websocket from
 * Java's HttpClient): navigate, evaluate script, capture screenshots, and collect console errors,
 * uncaught exceptions and every request the page makes.
 */
final class HeadlessChromium implements AutoCloseable {

    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private volatile CompletableFuture<Void> loaded = new CompletableFuture<>();

    /** @return the chromium executable on the PATH, if there is one */
    static Optional<Path> find() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    HeadlessChromium(Path exe, Path profile) throws IOException, InterruptedException {
        Files.createDirectories(profile);
        process = new ProcessBuilder(exe.toString(), "--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--remote-debugging-port=0",
                "--remote-allow-origins=*", "--window-size=1400,1000", "about:blank")
                .redirectErrorStream(true).redirectOutput(profile.resolve("chromium.log").toFile()).start();
        Path portFile = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(portFile) || Files.readAllLines(portFile).isEmpty()) {
            if (System.nanoTime() > deadline || !process.isAlive()) {
                process.destroyForcibly();
                throw new IOException("chromium did not start: " + Files.readString(profile.resolve("chromium.log")));
            }
            Thread.sleep(100);
        }
        int port = Integer.parseInt(Files.readAllLines(portFile).get(0).trim());
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        JsonNode targets = null;
        for (int i = 0; i < 50 && (targets == null || !hasPage(targets)); i++) {
            String body = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
            targets = TraceJson.MAPPER.readTree(body);
            Thread.sleep(100);
        }
        String ws = null;
        for (JsonNode t : targets) {
            if ("page".equals(t.path("type").asText())) {
                ws = t.path("webSocketDebuggerUrl").asText();
            }
        }
        socket = http.newWebSocketBuilder().buildAsync(URI.create(ws), new Listener()).join();
        call("Runtime.enable", Map.of());
        call("Log.enable", Map.of());
        call("Page.enable", Map.of());
        call("Network.enable", Map.of());
    }

    private static boolean hasPage(JsonNode targets) {
        for (JsonNode t : targets) {
            if ("page".equals(t.path("type").asText())) {
                return true;
            }
        }
        return false;
    }

    /** Receives replies and events. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder buffer = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            buffer.append(data);
            if (last) {
                handle(buffer.toString());
                buffer.setLength(0);
            }
            ws.request(1);
            return null;
        }
    }

    private void handle(String text) {
        try {
            JsonNode m = TraceJson.MAPPER.readTree(text);
            if (m.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
                if (f != null) {
                    f.complete(m);
                }
                return;
            }
            String method = m.path("method").asText();
            JsonNode p = m.path("params");
            switch (method) {
                case "Runtime.exceptionThrown" -> errors.add("exception: " + p.path("exceptionDetails"));
                case "Runtime.consoleAPICalled" -> {
                    if (List.of("error", "assert").contains(p.path("type").asText())) {
                        errors.add("console." + p.path("type").asText() + ": " + p.path("args"));
                    }
                }
                case "Log.entryAdded" -> {
                    if ("error".equals(p.path("entry").path("level").asText())) {
                        errors.add("log: " + p.path("entry").path("text").asText() + " "
                                + p.path("entry").path("url").asText());
                    }
                }
                case "Network.requestWillBeSent" -> requests.add(p.path("request").path("url").asText());
                case "Page.loadEventFired" -> loaded.complete(null);
                default -> {
                }
            }
        } catch (IOException e) {
            errors.add("unreadable DevTools message: " + e.getMessage());
        }
    }

    /**
     * @param method a DevTools method
     * @param params its parameters
     * @return the result
     */
    JsonNode call(String method, Map<String, ?> params) {
        int id = ids.incrementAndGet();
        ObjectNode msg = TraceJson.MAPPER.createObjectNode();
        msg.put("id", id);
        msg.put("method", method);
        msg.set("params", TraceJson.MAPPER.valueToTree(params));
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        socket.sendText(msg.toString(), true).join();
        JsonNode reply = f.orTimeout(60, TimeUnit.SECONDS).join();
        if (reply.has("error")) {
            throw new IllegalStateException(method + ": " + reply.get("error"));
        }
        return reply.path("result");
    }

    /** @param url a page to open; waits for its load event */
    void open(String url) {
        CompletableFuture<Void> next = new CompletableFuture<>();
        loaded = next;
        call("Page.navigate", Map.of("url", url));
        next.orTimeout(60, TimeUnit.SECONDS).join();
    }

    /**
     * Evaluates a condition until it holds.
     *
     * @param condition JavaScript giving a boolean
     * @param seconds   how long to wait
     * @return whether it held in time
     */
    boolean waitFor(String condition, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (eval("!!(" + condition + ")").asBoolean()) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    /**
     * @param expression JavaScript
     * @return its value
     */
    JsonNode eval(String expression) {
        JsonNode r = call("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true));
        if (r.has("exceptionDetails")) {
            throw new IllegalStateException(expression + ": " + r.get("exceptionDetails"));
        }
        return r.path("result").path("value");
    }

    /**
     * Saves a PNG of an element (as much of it as the window shows), or of the viewport.
     *
     * @param selector CSS selector of the element, or null for the top of the page
     * @param file     target PNG
     */
    void screenshot(String selector, Path file) throws IOException {
        Map<String, Object> params = new java.util.HashMap<>(Map.of("format", "png"));
        if (selector == null) {
            eval("window.scrollTo(0, 0)");
        } else {
            JsonNode r = eval("(function(){var e=document.querySelector('" + selector + "');e.scrollIntoView();"
                    + "var r=e.getBoundingClientRect();return {x:r.left+window.scrollX,y:r.top+window.scrollY,"
                    + "w:r.width,h:Math.min(r.height,window.innerHeight-Math.max(0,r.top))};})()");
            params.put("clip", Map.of("x", r.path("x").asDouble(), "y", r.path("y").asDouble(),
                    "width", Math.max(1, r.path("w").asDouble()), "height", Math.max(1, r.path("h").asDouble()),
                    "scale", 1));
        }
        String data = call("Page.captureScreenshot", params).path("data").asText();
        Files.createDirectories(file.getParent());
        Files.write(file, Base64.getDecoder().decode(data));
    }

    /** @return console errors and uncaught exceptions so far */
    List<String> errors() {
        return new ArrayList<>(errors);
    }

    /** @return URLs the page requested */
    List<String> requests() {
        return new ArrayList<>(requests);
    }

    @Override
    public void close() {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "").orTimeout(5, TimeUnit.SECONDS).join();
        } catch (RuntimeException ignored) {
            // the browser is ended below either way
        }
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
