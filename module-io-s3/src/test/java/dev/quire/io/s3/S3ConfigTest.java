package dev.quire.io.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Configuration the AWS way: the settings first, then the AWS endpoint variables; path-style for custom endpoints. */
class S3ConfigTest {
    @Test
    void awsDefaultsWhenNothingIsSet() {
        S3Config config = S3Config.from(Settings.defaults(), Map.of());
        assertEquals(Optional.empty(), config.endpoint());
        assertEquals(Optional.empty(), config.region());
        assertFalse(config.pathStyle(), "AWS's own endpoint uses virtual-hosted buckets");
        assertFalse(config.anonymous());
        assertEquals(S3Config.DEFAULT_HTTP_CLIENT, config.httpClient());
    }

    @Test
    void theS3EndpointVariableWinsOverTheGeneralOneAndTurnsOnPathStyle() {
        Map<String, String> env = Map.of("AWS_ENDPOINT_URL", "http://general:9000",
                "AWS_ENDPOINT_URL_S3", "http://s3-only:9000");
        S3Config config = S3Config.from(Settings.defaults(), env);
        assertEquals(Optional.of(URI.create("http://s3-only:9000")), config.endpoint());
        assertTrue(config.pathStyle());
        assertEquals(Optional.of(URI.create("http://general:9000")),
                S3Config.from(Settings.defaults(), Map.of("AWS_ENDPOINT_URL", "http://general:9000")).endpoint());
    }

    @Test
    void theSettingsWinOverTheEnvironment() {
        Settings settings = Settings.defaults().with(S3Settings.ENDPOINT, "https://store.example:443")
                .with(S3Settings.PATH_STYLE, "false").with(S3Settings.REGION, "eu-west-1")
                .with(S3Settings.ANONYMOUS, true);
        S3Config config = S3Config.from(settings, Map.of("AWS_ENDPOINT_URL_S3", "http://other:9000"));
        assertEquals(Optional.of(URI.create("https://store.example:443")), config.endpoint());
        assertFalse(config.pathStyle(), "configured off, though the endpoint is custom");
        assertEquals(Optional.of("eu-west-1"), config.region());
        assertTrue(config.anonymous());
    }

    @Test
    void badValuesAreRefusedNamingTheSetting() {
        InvalidArgumentException notUrl = assertThrows(InvalidArgumentException.class, () -> S3Config.from(
                Settings.defaults().with(S3Settings.ENDPOINT, "ftp://host/"), Map.of()));
        assertTrue(notUrl.getMessage().contains("ftp://host/"), notUrl.getMessage());
        InvalidArgumentException halfKeys = assertThrows(InvalidArgumentException.class, () -> S3Config.from(
                Settings.defaults().with(S3Settings.ACCESS_KEY_ID, "id"), Map.of()));
        assertTrue(halfKeys.getMessage().contains("quire.s3.secretAccessKey"), halfKeys.getMessage());
        InvalidArgumentException client = assertThrows(InvalidArgumentException.class, () -> S3Config.from(
                Settings.defaults().withText("quire.s3.httpClient", "netty"), Map.of()));
        assertTrue(client.getMessage().contains("quire.s3.httpClient"), client.getMessage());
    }

    @Test
    void theSecretStaysOutOfMessages() {
        Settings settings = Settings.defaults().with(S3Settings.ACCESS_KEY_ID, "AKIDEXAMPLE")
                .with(S3Settings.SECRET_ACCESS_KEY, "very-secret-value");
        String text = S3Config.from(settings, Map.of()).toString();
        assertTrue(text.contains("AKIDEXAMPLE"), text);
        assertFalse(text.contains("very-secret-value"), text);
    }

    @Test
    void s3UrisNameABucketAndAKey() {
        assertEquals(new S3Location("bucket", "dir/file.vortex"),
                S3Location.of(URI.create("s3://bucket/dir/file.vortex")));
        assertEquals(new S3Location("bucket", "a b"), S3Location.of(URI.create("s3://bucket/a%20b")));
        for (String bad : new String[] {"s3://bucket/", "s3://bucket", "s3:///key", "file:/x", "s3://b/k?versionId=1"}) {
            assertThrows(InvalidArgumentException.class, () -> S3Location.of(URI.create(bad)), bad);
        }
    }
}
