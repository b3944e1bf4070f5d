"""
moto's server for `npm run rehearse`: the app `moto_server` serves (moto's ThreadedMotoServer), on
127.0.0.1 and a port the OS picks, with the four additions the real template needs to get through
moto 5.2's CloudFormation at all (docs/decisions/, "The deploy rehearsal"):

1. ExecuteChangeSet leaves the stack without Outputs (moto builds them from the empty template the
   change set's stack starts with, and never again). cdk deploys through a change set and reads the
   outputs; here they are computed from the executed template, as CloudFormation does.
2. moto's CloudFormation has no AWS::SecretsManager::Secret: it skips the resource, its Ref becomes
   None, and the IAM policy that grants the list functions the secret is then refused
   (MalformedPolicyDocument), failing the whole stack. Here the secret is created in moto's own
   Secrets Manager (GenerateSecretString honoured) and deleted with the stack.
3. Nor has it AWS::ApiGatewayV2::Api, Integration, Route or Stage: the ApiUrl output's Fn::GetAtt of
   the skipped API then fails every DescribeStacks. Here they are created in moto's own API Gateway v2
   backend, with the Ref and ApiEndpoint CloudFormation gives, and deleted with the stack.
4. Nor has it AWS::Cognito::UserPool or UserPoolClient: the functions' USER_POOL_ID and the
   UserPoolId output would be None, and the issuer's Fn::GetAtt of ProviderURL fails. Here the pool
   and its app client are created in moto's own Cognito backend (ListUserPools shows them), with the
   Ref and attributes CloudFormation gives, and deleted with the stack.

Every other type moto cannot create (queue policies, the sweep's async invoke configuration, CDK
metadata) is skipped silently as moto does; nothing refers to them, and the rehearsal lists them.

Prints one line of JSON, {"host", "port", "moto"}, once it answers; stops on SIGTERM, SIGINT or
when its stdin closes (its parent is gone).
"""

import json
import signal
import sys
import threading
from typing import Any

import moto
from moto.cloudformation import models as cfn_models
from moto.core.common_models import CloudFormationModel
from moto.moto_server.threaded_moto_server import ThreadedMotoServer
from moto.apigatewayv2.models import apigatewayv2_backends
from moto.cognitoidp.models import cognitoidp_backends
from moto.secretsmanager.models import secretsmanager_backends


def _flag(value: Any, default: bool) -> bool:
    if value is None:
        return default
    return value is True or str(value).lower() == "true"


class RehearsalSecret(CloudFormationModel):
    """AWS::SecretsManager::Secret, kept in moto's Secrets Manager. Ref is the secret's ARN."""

    # moto files every model under the service named by its module (moto.<service>.…).
    __module__ = "moto.secretsmanager.rehearsal"

    def __init__(self, arn: str, account_id: str, region_name: str):
        self.arn = arn
        self.account_id = account_id
        self.region_name = region_name

    @property
    def physical_resource_id(self) -> str:
        return self.arn

    @staticmethod
    def cloudformation_name_type() -> str:
        return "Name"

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::SecretsManager::Secret"

    @classmethod
    def has_cfn_attr(cls, attr: str) -> bool:
        return attr == "Id"

    def get_cfn_attribute(self, attribute_name: str) -> Any:
        if attribute_name == "Id":
            return self.arn
        from moto.cloudformation.exceptions import UnformattedGetAttTemplateException

        raise UnformattedGetAttTemplateException()

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "RehearsalSecret":
        properties = cloudformation_json["Properties"]
        backend = secretsmanager_backends[account_id][region_name]
        secret_string = properties.get("SecretString")
        if secret_string is None:
            generate = properties.get("GenerateSecretString", {})
            secret_string = json.loads(
                backend.get_random_password(
                    password_length=int(generate.get("PasswordLength", 32)),
                    exclude_characters=generate.get("ExcludeCharacters", ""),
                    exclude_numbers=_flag(generate.get("ExcludeNumbers"), False),
                    exclude_punctuation=_flag(generate.get("ExcludePunctuation"), False),
                    exclude_uppercase=_flag(generate.get("ExcludeUppercase"), False),
                    exclude_lowercase=_flag(generate.get("ExcludeLowercase"), False),
                    include_space=_flag(generate.get("IncludeSpace"), False),
                    require_each_included_type=_flag(generate.get("RequireEachIncludedType"), True),
                )
            )["RandomPassword"]
        backend.create_secret(
            name=resource_name,
            secret_string=secret_string,
            secret_binary=None,
            description=properties.get("Description"),
            tags=properties.get("Tags"),
            kms_key_id=properties.get("KmsKeyId"),
            client_request_token=None,
            replica_regions=[],
            force_overwrite=False,
        )
        return cls(backend.describe_secret(resource_name).arn, account_id, region_name)

    @classmethod
    def update_from_cloudformation_json(  # type: ignore[misc]
        cls, original_resource: Any, new_resource_name: str, cloudformation_json: Any, account_id: str, region_name: str
    ) -> "RehearsalSecret":
        return original_resource

    @classmethod
    def delete_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str
    ) -> None:
        secretsmanager_backends[account_id][region_name].delete_secret(resource_name, None, True)

    def delete(self, account_id: str, region_name: str) -> None:
        secretsmanager_backends[account_id][region_name].delete_secret(self.arn, None, True)

    def is_created(self) -> bool:
        return True


class _HttpApiPart:
    """An AWS::ApiGatewayV2 resource kept in moto's API Gateway v2 backend, under its API. (Each
    provider names CloudFormationModel as a direct base: moto finds providers by __subclasses__.)"""

    def __init__(self, api_id: str, part_id: str, attributes: dict[str, str]):
        self.api_id = api_id
        self.part_id = part_id
        self.attributes = attributes

    @property
    def physical_resource_id(self) -> str:
        return self.part_id

    @staticmethod
    def cloudformation_name_type() -> str:
        return ""

    @classmethod
    def has_cfn_attr(cls, attr: str) -> bool:
        return True

    def _delete_under_api(self, account_id: str, region_name: str, method: str) -> None:
        """Deletes this part from its API with the backend API's `method`, unless the API is gone already."""
        api = apigatewayv2_backends[account_id][region_name].apis.get(self.api_id)
        if api is not None:
            getattr(api, method)(self.part_id)

    def get_cfn_attribute(self, attribute_name: str) -> Any:
        if attribute_name in self.attributes:
            return self.attributes[attribute_name]
        from moto.cloudformation.exceptions import UnformattedGetAttTemplateException

        raise UnformattedGetAttTemplateException()

    @classmethod
    def update_from_cloudformation_json(  # type: ignore[misc]
        cls, original_resource: Any, new_resource_name: str, cloudformation_json: Any, account_id: str, region_name: str
    ) -> Any:
        return original_resource

    @classmethod
    def delete_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str
    ) -> None:
        pass

    def is_created(self) -> bool:
        return True


class RehearsalHttpApi(_HttpApiPart, CloudFormationModel):
    """AWS::ApiGatewayV2::Api: Ref is the API id; ApiEndpoint is https://<id>.execute-api.<region>.amazonaws.com."""

    __module__ = "moto.apigatewayv2.rehearsal"

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::ApiGatewayV2::Api"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "RehearsalHttpApi":
        p = cloudformation_json["Properties"]
        api = apigatewayv2_backends[account_id][region_name].create_api(
            api_key_selection_expression=p.get("ApiKeySelectionExpression"),
            cors_configuration=p.get("CorsConfiguration"),
            description=p.get("Description"),
            disable_schema_validation=p.get("DisableSchemaValidation"),
            disable_execute_api_endpoint=p.get("DisableExecuteApiEndpoint"),
            name=p.get("Name", resource_name),
            protocol_type=p.get("ProtocolType", "HTTP"),
            route_selection_expression=p.get("RouteSelectionExpression"),
            tags=p.get("Tags") or {},
            version=p.get("Version"),
        )
        return cls(api.api_id, api.api_id, {"ApiId": api.api_id, "ApiEndpoint": api.api_endpoint})

    def delete(self, account_id: str, region_name: str) -> None:
        apigatewayv2_backends[account_id][region_name].delete_api(self.api_id)


class RehearsalHttpApiIntegration(_HttpApiPart, CloudFormationModel):
    __module__ = "moto.apigatewayv2.rehearsal"

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::ApiGatewayV2::Integration"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "RehearsalHttpApiIntegration":
        p = cloudformation_json["Properties"]
        api = apigatewayv2_backends[account_id][region_name].get_api(p["ApiId"])
        integration = api.create_integration(
            connection_type=p.get("ConnectionType"),
            description=p.get("Description"),
            integration_method=p.get("IntegrationMethod"),
            integration_type=p["IntegrationType"],
            integration_uri=p.get("IntegrationUri"),
            payload_format_version=p.get("PayloadFormatVersion"),
            timeout_in_millis=p.get("TimeoutInMillis"),
        )
        return cls(api.api_id, integration.id, {"IntegrationId": integration.id})

    def delete(self, account_id: str, region_name: str) -> None:
        self._delete_under_api(account_id, region_name, "delete_integration")


class RehearsalHttpApiRoute(_HttpApiPart, CloudFormationModel):
    __module__ = "moto.apigatewayv2.rehearsal"

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::ApiGatewayV2::Route"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "RehearsalHttpApiRoute":
        p = cloudformation_json["Properties"]
        api = apigatewayv2_backends[account_id][region_name].get_api(p["ApiId"])
        route = api.create_route(
            api_key_required=_flag(p.get("ApiKeyRequired"), False),
            authorization_scopes=p.get("AuthorizationScopes") or [],
            route_key=p["RouteKey"],
            target=p.get("Target"),
            authorization_type=p.get("AuthorizationType"),
            authorizer_id=p.get("AuthorizerId"),
        )
        return cls(api.api_id, route.route_id, {"RouteId": route.route_id})

    def delete(self, account_id: str, region_name: str) -> None:
        self._delete_under_api(account_id, region_name, "delete_route")


class RehearsalHttpApiStage(_HttpApiPart, CloudFormationModel):
    __module__ = "moto.apigatewayv2.rehearsal"

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::ApiGatewayV2::Stage"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "RehearsalHttpApiStage":
        p = cloudformation_json["Properties"]
        api = apigatewayv2_backends[account_id][region_name].get_api(p["ApiId"])
        config: dict[str, Any] = {"stageName": p["StageName"], "autoDeploy": _flag(p.get("AutoDeploy"), False)}
        if "AccessLogSettings" in p:
            config["accessLogSettings"] = {
                "destinationArn": p["AccessLogSettings"].get("DestinationArn"),
                "format": p["AccessLogSettings"].get("Format"),
            }
        if "DefaultRouteSettings" in p:
            config["defaultRouteSettings"] = {k[0].lower() + k[1:]: v for k, v in p["DefaultRouteSettings"].items()}
        stage = api.create_stage(config)
        return cls(api.api_id, stage.name, {})

    def delete(self, account_id: str, region_name: str) -> None:
        self._delete_under_api(account_id, region_name, "delete_stage")


def _cognito_config(properties: dict[str, Any], *name_properties: str) -> dict[str, Any]:
    """A resource's properties as Cognito's API takes them (CloudFormation names them alike), less its name."""
    return {k: v for k, v in properties.items() if k not in name_properties}


class RehearsalUserPool(CloudFormationModel):
    """AWS::Cognito::UserPool in moto's Cognito backend: Ref is the pool id; Arn, ProviderName and
    ProviderURL (`cognito-idp.<region>.amazonaws.com/<id>`, the issuer without https://) as CloudFormation gives them."""

    __module__ = "moto.cognitoidp.rehearsal"

    def __init__(self, pool_id: str, attributes: dict[str, str]):
        self.pool_id = pool_id
        self.attributes = attributes

    @property
    def physical_resource_id(self) -> str:
        return self.pool_id

    @staticmethod
    def cloudformation_name_type() -> str:
        return "UserPoolName"

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::Cognito::UserPool"

    @classmethod
    def has_cfn_attr(cls, attr: str) -> bool:
        return attr in ("Arn", "ProviderName", "ProviderURL", "UserPoolId")

    def get_cfn_attribute(self, attribute_name: str) -> Any:
        if attribute_name in self.attributes:
            return self.attributes[attribute_name]
        from moto.cloudformation.exceptions import UnformattedGetAttTemplateException

        raise UnformattedGetAttTemplateException()

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "RehearsalUserPool":
        config = _cognito_config(cloudformation_json.get("Properties", {}), "UserPoolName")
        pool = cognitoidp_backends[account_id][region_name].create_user_pool(resource_name, config)
        provider = f"cognito-idp.{region_name}.amazonaws.com/{pool.id}"
        return cls(pool.id, {"Arn": pool.arn, "ProviderName": provider, "ProviderURL": provider, "UserPoolId": pool.id})

    @classmethod
    def update_from_cloudformation_json(  # type: ignore[misc]
        cls, original_resource: Any, new_resource_name: str, cloudformation_json: Any, account_id: str, region_name: str
    ) -> Any:
        return original_resource

    @classmethod
    def delete_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str
    ) -> None:
        pass

    def delete(self, account_id: str, region_name: str) -> None:
        backend = cognitoidp_backends[account_id][region_name]
        if self.pool_id in backend.user_pools:
            backend.delete_user_pool(self.pool_id)

    def is_created(self) -> bool:
        return True


class RehearsalUserPoolClient(CloudFormationModel):
    """AWS::Cognito::UserPoolClient under its pool in moto's Cognito backend: Ref is the client id."""

    __module__ = "moto.cognitoidp.rehearsal"

    def __init__(self, pool_id: str, client_id: str, attributes: dict[str, str]):
        self.pool_id = pool_id
        self.client_id = client_id
        self.attributes = attributes

    @property
    def physical_resource_id(self) -> str:
        return self.client_id

    @staticmethod
    def cloudformation_name_type() -> str:
        return "ClientName"

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::Cognito::UserPoolClient"

    @classmethod
    def has_cfn_attr(cls, attr: str) -> bool:
        return attr in ("ClientId", "ClientSecret", "Name")

    def get_cfn_attribute(self, attribute_name: str) -> Any:
        if attribute_name in self.attributes:
            return self.attributes[attribute_name]
        from moto.cloudformation.exceptions import UnformattedGetAttTemplateException

        raise UnformattedGetAttTemplateException()

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "RehearsalUserPoolClient":
        p = cloudformation_json["Properties"]
        config = {**_cognito_config(p, "UserPoolId", "GenerateSecret"), "ClientName": p.get("ClientName", resource_name)}
        generate_secret = _flag(p.get("GenerateSecret"), False)
        client = cognitoidp_backends[account_id][region_name].create_user_pool_client(p["UserPoolId"], generate_secret, config)
        attributes = {"ClientId": client.id, "Name": config["ClientName"]}
        if generate_secret:
            attributes["ClientSecret"] = client.secret
        return cls(p["UserPoolId"], client.id, attributes)

    @classmethod
    def update_from_cloudformation_json(  # type: ignore[misc]
        cls, original_resource: Any, new_resource_name: str, cloudformation_json: Any, account_id: str, region_name: str
    ) -> Any:
        return original_resource

    @classmethod
    def delete_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str
    ) -> None:
        pass

    def delete(self, account_id: str, region_name: str) -> None:
        pool = cognitoidp_backends[account_id][region_name].user_pools.get(self.pool_id)
        if pool is not None:
            pool.clients.pop(self.client_id, None)

    def is_created(self) -> bool:
        return True


_execute_change_set = cfn_models.CloudFormationBackend.execute_change_set


def _execute_change_set_with_outputs(self: Any, change_set_name: str, stack_name: str | None = None) -> None:
    _execute_change_set(self, change_set_name, stack_name)
    change_set = self.change_sets.get(change_set_name) or next(
        cs for cs in self.change_sets.values() if cs.change_set_name == change_set_name
    )
    stack = self.stacks[change_set.stack_id]
    stack._parse_template()
    stack.output_map = stack._create_output_map()


cfn_models.CloudFormationBackend.execute_change_set = _execute_change_set_with_outputs  # type: ignore[method-assign]


def main() -> None:
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    print(json.dumps({"host": host, "port": port, "moto": moto.__version__}), flush=True)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())

    def watch_stdin() -> None:
        sys.stdin.read()
        stop.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    while not stop.wait(1):
        pass
    server.stop()


if __name__ == "__main__":
    main()
