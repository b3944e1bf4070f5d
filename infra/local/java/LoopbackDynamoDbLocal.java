import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local as its own ServerRunner does, but listening on 127.0.0.1 only. The jar takes
 * no address option and builds its Jetty server with `new Server(port)`, which binds every interface;
 * here the server is built from the same command line, and its connector is given the loopback host
 * before it starts. Run in source-file mode (`java LoopbackDynamoDbLocal.java -port N …`) with the jar
 * and its libraries on the class path (infra/local/dynamodb-local.ts). The arguments are the jar's own.
 */
public final class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    if (proxy == null) throw new IllegalArgumentException("DynamoDB Local refused its arguments");
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    for (Connector connector : ((Server) field.get(proxy)).getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
  }
}
