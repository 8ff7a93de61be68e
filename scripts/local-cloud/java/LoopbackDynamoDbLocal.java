import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Runs DynamoDB Local listening on 127.0.0.1 only. The jar's own main binds Jetty to every interface
 * and has no option to change it, so anyone on the network could read the table with made-up
 * credentials. This builds the same server from the same command-line arguments, sets the host of its
 * Jetty connectors to loopback before starting it, and refuses to start when it cannot (a later jar
 * that renamed its internals): never silently fall back to listening everywhere.
 *
 * Run as a single source file (java -cp <jar>:<lib>/* LoopbackDynamoDbLocal.java <jar args>).
 */
public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) {
      if (!(connector instanceof ServerConnector)) {
        throw new IllegalStateException("Unexpected DynamoDB Local connector: " + connector.getClass());
      }
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
    System.out.println("DynamoDB Local listening on 127.0.0.1 only");
    if (Boolean.getBoolean("trobly.exitWithParent")) exitWithParent();
  }

  /**
   * The local cloud starts this process in a process group of its own, so the Ctrl-C that stops the
   * cloud does not stop the table under it while running jobs still hand over (checkpoint, let go of
   * their lease). It must still end with the cloud, however the cloud ends (a SIGKILL included): its
   * stdin is a pipe from the cloud, which reads end-of-file when the cloud's process is gone.
   */
  private static void exitWithParent() {
    Thread watchdog = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // Nothing is ever written: only the end matters.
        }
      } catch (java.io.IOException ignored) {
        // A broken pipe is the parent gone too.
      }
      System.exit(0);
    }, "exit-with-parent");
    watchdog.setDaemon(true);
    watchdog.start();
  }
}
