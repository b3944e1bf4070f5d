import com.almworks.sqlite4java.SQLiteConnection;
import com.almworks.sqlite4java.SQLiteJob;
import com.almworks.sqlite4java.SQLiteQueue;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;
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
    for (Connector connector : ((Server) field(proxy, "server")).getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    if (Arrays.asList(args).contains("-sharedDb")) indexStreamRecords(proxy);
    proxy.start();
  }

  /**
   * The stream records by stream (decision 0414). DynamoDB Local keeps every table's stream records
   * in one SQLite table, `us`, keyed by sequence number only, and reads a stream's first sequence
   * number (`SELECT MIN(SequenceNumber) FROM us WHERE StreamID = ?`) on every write to a table with
   * a stream and on every DescribeStream and GetRecords. For the first table written to, that read
   * stops at once; for a table made later it walks every record of the tables before it, so each
   * of its writes costs more the longer the database has lived. An index on StreamID answers it at
   * once, and the same index serves GetRecords (`StreamID = ? AND rowid > ?`). Not (StreamID,
   * SequenceNumber): the SQLite that DynamoDB Local ships (3.8.7) then reads GetRecords through
   * StreamID alone, every record of the stream. It changes no answer. Made through the database's own
   * queue before the server starts: the shared database is the one every request uses. If this
   * DynamoDB Local is built differently, it runs as shipped. Its log says which of the two.
   */
  private static void indexStreamRecords(DynamoDBProxyServer proxy) {
    try {
      Object requests = field(field(proxy, "serverHandler"), "primaryHandler");
      Method handler = requests.getClass().getDeclaredMethod("getHandler", String.class);
      handler.setAccessible(true);
      SQLiteQueue queue = (SQLiteQueue) field(field(handler.invoke(requests, ""), "dbAccess"), "queue");
      SQLiteJob<Void> job = queue.execute(new SQLiteJob<Void>() {
        @Override
        protected Void job(SQLiteConnection connection) throws Throwable {
          connection.exec("CREATE INDEX IF NOT EXISTS us_stream ON us (StreamID)");
          return null;
        }
      });
      job.complete();
      if (job.getError() != null) throw new IllegalStateException(job.getError());
      System.err.println("LoopbackDynamoDbLocal: stream records indexed by stream"); // test/http/local-runtime.test.ts reads it
    } catch (ReflectiveOperationException | RuntimeException error) {
      System.err.println("LoopbackDynamoDbLocal: stream records left without an index (" + error + ")");
    }
  }

  /** A field of `object`'s class or of a class it extends, whatever its access. */
  private static Object field(Object object, String name) throws ReflectiveOperationException {
    for (Class<?> type = object.getClass(); type != null; type = type.getSuperclass()) {
      try {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(object);
      } catch (NoSuchFieldException notHere) {
        // declared higher up
      }
    }
    throw new NoSuchFieldException(object.getClass().getName() + "." + name);
  }
}
